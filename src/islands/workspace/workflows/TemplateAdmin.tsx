import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api/client.ts';
import { createTemplate, setTemplatePublished } from '../../../lib/api/workflows.ts';
import { $selectedProject } from '../../../lib/stores/projects.ts';
import { navigate } from '../../../lib/stores/router.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { Link } from '../Link.tsx';
import { EmptyState } from '../PageFrame.tsx';
import { canWrite } from '../roles.ts';
import { copyTemplate } from './TemplateChooser.tsx';
import { fieldClass, linkClass, panelClass, primaryButton, secondaryButton } from './styles.ts';
import { $templates, revalidateWorkflows } from './workflowStores.ts';

/** The admin's templates: create, open in the builder, publish or unpublish, copy into the selected project. */
export function TemplateAdmin() {
  const { data, loading, error } = useStore($templates);
  const project = useStore($selectedProject);

  async function publish(id: string, published: boolean) {
    try {
      await setTemplatePublished(id, published);
      revalidateWorkflows();
      showToast(published ? 'Template published.' : 'Template unpublished.', 'success');
    } catch (failure) {
      showToast(errorMessage(failure, 'An error occurred.'), 'error');
    }
  }

  return (
    <div className="flex flex-col gap-4">
      {loading && !data && <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p>}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorMessage(error, 'An error occurred.')}
        </p>
      )}
      {data && data.length === 0 && (
        <EmptyState title="No templates yet">
          Create a template below, build it, then publish it so every project can use it.
        </EmptyState>
      )}
      {data && data.length > 0 && (
        <ul className="flex flex-col gap-2">
          {data.map((template) => (
            <li key={template.id} className={`${panelClass} flex flex-wrap items-center justify-between gap-2`}>
              <div>
                <Link href={`/templates?id=${template.id}`} className="font-medium hover:underline">
                  {template.name}
                </Link>
                <span
                  className={`ml-2 rounded px-2 py-0.5 text-xs font-medium ${template.is_published ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100' : 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100'}`}
                >
                  {template.is_published ? 'Published' : 'Unpublished'}
                </span>
                {template.description && (
                  <p className="text-xs text-slate-600 dark:text-slate-400">{template.description}</p>
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                <Link href={`/templates?id=${template.id}`} className={linkClass} aria-label={`Edit ${template.name}`}>
                  Edit
                </Link>
                <button
                  type="button"
                  onClick={() => void publish(template.id, !template.is_published)}
                  className={secondaryButton}
                  aria-label={`${template.is_published ? 'Unpublish' : 'Publish'} ${template.name}`}
                >
                  {template.is_published ? 'Unpublish' : 'Publish'}
                </button>
                {project && canWrite(project.role) && template.is_published && (
                  <button
                    type="button"
                    onClick={() => void copyTemplate(project.id, template.id)}
                    className={secondaryButton}
                    aria-label={`Use template ${template.name}`}
                  >
                    Use template
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <NewTemplateForm />
    </div>
  );
}

function NewTemplateForm() {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError('Template name is required.');
    setBusy(true);
    setError(null);
    try {
      const template = await createTemplate({ name: name.trim(), nodes: [], edges: [] });
      revalidateWorkflows();
      navigate(`/templates?id=${template.id}`);
    } catch (failure) {
      setError(errorMessage(failure, 'An error occurred.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
      <div className="min-w-64 flex-1">
        <label htmlFor="new-template-name" className="block text-sm font-medium">
          New template name
        </label>
        <input
          id="new-template-name"
          value={name}
          maxLength={200}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'new-template-error' : undefined}
          className={fieldClass}
        />
        {error && (
          <p id="new-template-error" role="alert" className="mt-1 text-xs text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </div>
      <button type="submit" disabled={busy} className={primaryButton}>
        Create template
      </button>
    </form>
  );
}
