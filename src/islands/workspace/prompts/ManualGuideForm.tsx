import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api/client.ts';
import { generateGuide } from '../../../lib/api/prompts.ts';
import { loadProjects } from '../../../lib/stores/projects.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { fieldClass, primaryButton, secondaryButton } from '../brand/ConnectWebsiteForm.tsx';
import { KeywordInput } from './KeywordInput.tsx';
import { revalidateProjectPrompts } from './promptStores.ts';

// Spec §5 and §8 messages of manual guide generation.
const NEED_CONTEXT = 'Please provide either brand context or some keywords.';
const GENERATION_FAILED = 'An unexpected error occurred during guide generation.';

/** Creates a style guide from brand context text and keywords (POST /prompts/generate-and-save-guide). */
export function ManualGuideForm({
  projectId,
  onCreated,
  onCancel,
}: {
  projectId: string;
  onCreated: (id: string) => void;
  onCancel: () => void;
}) {
  const [context, setContext] = useState('');
  const [keywords, setKeywords] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!context.trim() && keywords.length === 0) {
      setError(NEED_CONTEXT);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const guide = await generateGuide({ projectId, brandContext: context.trim(), keywords });
      revalidateProjectPrompts(projectId);
      void loadProjects(); // the first guide of a project becomes its default
      showToast('Style guide created.', 'success');
      onCreated(guide.id);
    } catch (caught) {
      setError(errorMessage(caught, GENERATION_FAILED));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="manual-guide"
      className="flex flex-col gap-4 rounded-lg border border-slate-200 p-5 dark:border-slate-800"
    >
      <h2 id="manual-guide" className="text-lg font-semibold">
        Create a style guide manually
      </h2>
      <div>
        <label htmlFor="manual-context" className="text-sm font-medium">
          Brand context
        </label>
        <textarea
          id="manual-context"
          rows={5}
          value={context}
          onChange={(event) => {
            setContext(event.target.value);
            setError(null);
          }}
          placeholder="What you sell, to whom, and how you like to sound."
          className={fieldClass}
        />
      </div>
      <KeywordInput
        id="manual-keywords"
        label="Keywords"
        value={keywords}
        onChange={(next) => {
          setKeywords(next);
          setError(null);
        }}
      />
      {error && (
        <p role="alert" className="text-sm whitespace-pre-line text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? 'Generating...' : 'Generate guide'}
        </button>
        <button type="button" onClick={onCancel} className={secondaryButton}>
          Cancel
        </button>
      </div>
    </form>
  );
}
