import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api/client.ts';
import { createWorkflow } from '../../../lib/api/workflows.ts';
import { $selectedProjectId } from '../../../lib/stores/projects.ts';
import { $location, navigate } from '../../../lib/stores/router.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { Link } from '../Link.tsx';
import { EmptyState } from '../PageFrame.tsx';
import { useCanWrite } from '../roles.ts';
import { QueuePanel } from './QueuePanel.tsx';
import { RecentRuns } from './RecentRuns.tsx';
import { RunForm } from './RunForm.tsx';
import { RunView } from './RunView.tsx';
import { startRun } from './runActions.ts';
import { TemplateChooser } from './TemplateChooser.tsx';
import { fieldClass, headingClass, linkClass, panelClass, primaryButton } from './styles.ts';
import { $projectWorkflows, revalidateWorkflows } from './workflowStores.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** /workflows: the project's workflows, a new one, a run of the default one, the queue and recent runs. */
export function WorkflowList() {
  const projectId = useStore($selectedProjectId);
  const { data, loading, error } = useStore($projectWorkflows);
  const canWrite = useCanWrite();
  const runId = new URLSearchParams(useStore($location).search).get('run');

  async function runDefault(topic: string) {
    if (!projectId) return;
    const id = await startRun({ projectId, topic });
    if (id) navigate(`/workflows?run=${id}`, { replace: true });
  }

  return (
    <div className="flex flex-col gap-6">
      {canWrite && (
        <section aria-labelledby="run-default-heading" className={panelClass}>
          <h2 id="run-default-heading" className={headingClass}>
            Write a post
          </h2>
          <p className="mt-1 mb-3 text-sm text-slate-600 dark:text-slate-400">
            Runs the project's default workflow (the Blog post template) on a topic.
          </p>
          <RunForm label="Run default workflow" onRun={runDefault} />
        </section>
      )}
      {runId && <RunView runId={runId} />}

      <section aria-labelledby="workflow-list-heading" className="flex flex-col gap-3">
        <h2 id="workflow-list-heading" className={headingClass}>
          Workflows
        </h2>
        {loading && !data && <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p>}
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {errorMessage(error, 'An error occurred.')}
          </p>
        )}
        {data && data.length === 0 && (
          <EmptyState title="No workflows yet">
            Run the default workflow above (it is created on the first run), start from a template, or create your own.
          </EmptyState>
        )}
        {data && data.length > 0 && (
          <ul className="flex flex-col gap-2">
            {data.map((workflow) => (
              <li key={workflow.id} className={`${panelClass} flex flex-wrap items-center justify-between gap-2`}>
                <div>
                  <Link href={`/workflows/${workflow.id}`} className="font-medium underline-offset-2 hover:underline">
                    {workflow.name}
                  </Link>
                  {workflow.is_default && (
                    <span className="ml-2 rounded bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
                      Default
                    </span>
                  )}
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {workflow.node_count} nodes · updated {dateFormat.format(new Date(workflow.updated_at))}
                  </p>
                </div>
                <Link href={`/workflows/${workflow.id}`} className={linkClass} aria-label={`Open ${workflow.name}`}>
                  Open
                </Link>
              </li>
            ))}
          </ul>
        )}
        {canWrite && projectId && <NewWorkflowForm projectId={projectId} />}
      </section>

      {canWrite && projectId && <TemplateChooser projectId={projectId} />}
      <div className="grid gap-4 md:grid-cols-2">
        <QueuePanel />
        <RecentRuns />
      </div>
    </div>
  );
}

function NewWorkflowForm({ projectId }: { projectId: string }) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError('Workflow name is required.');
    setBusy(true);
    setError(null);
    try {
      const workflow = await createWorkflow(projectId, { name: name.trim(), nodes: [], edges: [] });
      revalidateWorkflows();
      navigate(`/workflows/${workflow.id}`);
    } catch (failure) {
      setError(errorMessage(failure, 'An error occurred.'));
      showToast(errorMessage(failure, 'An error occurred.'), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
      <div className="min-w-64 flex-1">
        <label htmlFor="new-workflow-name" className="block text-sm font-medium">
          New workflow name
        </label>
        <input
          id="new-workflow-name"
          value={name}
          maxLength={200}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'new-workflow-error' : undefined}
          className={fieldClass}
        />
        {error && (
          <p id="new-workflow-error" role="alert" className="mt-1 text-xs text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </div>
      <button type="submit" disabled={busy} className={primaryButton}>
        Create workflow
      </button>
    </form>
  );
}
