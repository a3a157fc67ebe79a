import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api/client.ts';
import { createProject } from '../../lib/stores/projects.ts';

const fieldClass =
  'mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900';

/** Create form: the name is checked here first (spec §5), server errors are shown as spec §8 says. */
export function CreateProjectForm() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = String(data.get('name') ?? '').trim();
    const description = String(data.get('description') ?? '').trim();
    if (!name) {
      setError('Project name is required.');
      form.querySelector<HTMLInputElement>('#project-name')?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await createProject({ name, description });
      form.reset();
    } catch (caught) {
      setError(errorMessage(caught, 'An unexpected error occurred.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="create-project"
      className="flex flex-col gap-4 rounded-lg border border-slate-200 p-5 dark:border-slate-800"
    >
      <h2 id="create-project" className="text-lg font-semibold">
        Create a project
      </h2>
      <div>
        <label htmlFor="project-name" className="text-sm font-medium">
          Project name
        </label>
        <input
          id="project-name"
          name="name"
          required
          maxLength={200}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'create-project-error' : undefined}
          className={fieldClass}
        />
      </div>
      <div>
        <label htmlFor="project-description" className="text-sm font-medium">
          Description <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
        </label>
        <textarea id="project-description" name="description" rows={2} maxLength={2000} className={fieldClass} />
      </div>
      {error && (
        <p
          id="create-project-error"
          role="alert"
          className="text-sm whitespace-pre-line text-red-700 dark:text-red-300"
        >
          {error}
        </p>
      )}
      <div>
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {busy ? 'Creating...' : 'Create Project'}
        </button>
      </div>
    </form>
  );
}
