import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { INVALID_URL, normalizeBrandUrl } from '../../../lib/brand-url.ts';
import type { Prompt } from '../../../lib/prompts/types.ts';
import { $brandTask, runBrandTask } from '../../../lib/stores/brandTask.ts';
import { $projects } from '../../../lib/stores/projects.ts';
import { checkExampleFields } from '../../../lib/voice/example-urls.ts';
import { BrandProgress } from './BrandProgress.tsx';
import { ExampleArticlesFields, exampleFieldValues } from './ExampleArticlesFields.tsx';

export const fieldClass =
  'mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900';
export const primaryButton =
  'rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButton =
  'rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800';

interface Props {
  projectId: string;
  initialUrl?: string;
  onCancel?: () => void;
  onDone?: (prompt: Prompt | null) => void;
}

/** Homepage URL, Cancel and Connect (spec §2.3): Connect stays disabled while the field is empty; progress follows. */
export function ConnectWebsiteForm({ projectId, initialUrl = '', onCancel, onDone }: Props) {
  const task = useStore($brandTask);
  const [url, setUrl] = useState(initialUrl);
  const [invalid, setInvalid] = useState(false);
  // The example articles start as the project keeps them (issue 24).
  const [examples, setExamples] = useState(() =>
    exampleFieldValues($projects.get().list.find((project) => project.id === projectId)?.brand_example_urls),
  );
  const [exampleErrors, setExampleErrors] = useState<(string | null)[]>([]);
  const mine = task.projectId === projectId;
  const running = mine && task.phase === 'running';
  const error = invalid ? INVALID_URL : mine && task.phase === 'error' ? task.message : null;
  const reason = !invalid && mine && task.phase === 'error' ? task.reason : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const brandUrl = normalizeBrandUrl(url);
    const articles = checkExampleFields(examples);
    setExampleErrors(articles.errors);
    if (!brandUrl) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (!articles.valid) return;
    const prompt = await runBrandTask(projectId, brandUrl, articles.urls);
    const after = $brandTask.get();
    if (after.projectId === projectId && after.phase === 'complete') onDone?.(prompt);
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div>
        <label htmlFor={`homepage-url-${projectId}`} className="text-sm font-medium">
          Homepage URL
        </label>
        <input
          id={`homepage-url-${projectId}`}
          name="brand_url"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://example.com"
          value={url}
          disabled={running}
          onChange={(event) => {
            setUrl(event.target.value);
            setInvalid(false);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `homepage-url-error-${projectId}` : undefined}
          className={fieldClass}
        />
      </div>
      {error && (
        <div
          id={`homepage-url-error-${projectId}`}
          role="alert"
          className="text-sm whitespace-pre-line text-red-700 dark:text-red-300"
        >
          {/* The spec's message is the heading; the server's reason says what went wrong and what to check. */}
          <p className={reason ? 'font-semibold' : undefined}>{error}</p>
          {reason && <p className="mt-1">{reason}</p>}
        </div>
      )}
      <ExampleArticlesFields
        idPrefix={`example-article-${projectId}`}
        values={examples}
        errors={exampleErrors}
        disabled={running}
        onChange={(values) => {
          setExamples(values);
          setExampleErrors([]);
        }}
      />
      <BrandProgress projectId={projectId} />
      <div className="flex justify-end gap-2">
        {onCancel && (
          <button type="button" onClick={onCancel} className={secondaryButton}>
            Cancel
          </button>
        )}
        <button type="submit" disabled={!url.trim() || running} className={primaryButton}>
          {running ? 'Connecting...' : 'Connect'}
        </button>
      </div>
    </form>
  );
}
