import { useId, useState, type FormEvent } from 'react';
import { errorMessage, fieldIssues } from '../../lib/api/client.ts';
import type { Project } from '../../lib/api/projects.ts';
import { renameProject } from '../../lib/stores/projects.ts';
import { showToast } from '../../lib/stores/toasts.ts';
import { fieldClass, primaryButton, secondaryButton } from './brand/ConnectWebsiteForm.tsx';

const NAME_REQUIRED = 'Project name is required.';

/**
 * Renames a project in place (owners and editors): its name titles the hosted blog, and the blog's address follows it
 * until a post is published. Name required (spec §5); the server's refusal shows under its field.
 */
export function RenameProjectForm({ project, onDone }: { project: Project; onDone: () => void }) {
  const [name, setName] = useState(project.name);
  const [description, setDescription] = useState(project.description);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) {
      setError(NAME_REQUIRED);
      event.currentTarget.querySelector('input')?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const saved = await renameProject(project.id, { name: name.trim(), description: description.trim() });
      showToast(`Project renamed to ${saved.name}.`, 'success');
      onDone();
    } catch (caught) {
      setError(fieldIssues(caught).name ?? errorMessage(caught, 'An unexpected error occurred.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-label={`Rename ${project.name}`} className="flex flex-col gap-3">
      <div>
        <label htmlFor={`${id}-name`} className="text-sm font-medium">
          Project name
        </label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={200}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className={fieldClass}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            Your blog is titled with it.
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-description`} className="text-sm font-medium">
          Description <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
        </label>
        <textarea
          id={`${id}-description`}
          rows={2}
          maxLength={2000}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          className={fieldClass}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? 'Saving...' : 'Save'}
        </button>
        <button type="button" onClick={onDone} className={secondaryButton}>
          Cancel
        </button>
      </div>
    </form>
  );
}
