import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api/client.ts';
import { saveTemplate, saveWorkflow } from '../../../lib/api/workflows.ts';
import { createFetcherStore } from '../../../lib/query/fetcher.ts';
import { $selectedProjectId } from '../../../lib/stores/projects.ts';
import { $location, navigate } from '../../../lib/stores/router.ts';
import { $trackedRuns } from '../../../lib/stores/runs.ts';
import type { Workflow } from '../../../lib/workflows/types.ts';
import { Link } from '../Link.tsx';
import { useCanWrite } from '../roles.ts';
import { Builder } from './Builder.tsx';
import { RunForm } from './RunForm.tsx';
import { RunView } from './RunView.tsx';
import { startRun } from './runActions.ts';
import { headingClass, linkClass, panelClass } from './styles.ts';
import { $blocks, revalidateWorkflows } from './workflowStores.ts';

/** /workflows/{id} (and a template's page): loads the graph and the palette, then the builder with its run panel. */
export function WorkflowEditor({
  id,
  kind,
  backHref,
}: {
  id: string;
  kind: 'workflow' | 'template';
  backHref: string;
}) {
  const $workflow = useMemo(() => createFetcherStore<Workflow>(['workflows/', id]), [id]);
  const workflow = useStore($workflow);
  const blocks = useStore($blocks);
  const projectId = useStore($selectedProjectId);
  const canWriteProject = useCanWrite();
  const canEdit = kind === 'template' || canWriteProject;
  const runId = new URLSearchParams(useStore($location).search).get('run');
  const runs = useStore($trackedRuns);
  const [dirty, setDirty] = useState(false);

  if (workflow.error || blocks.error) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        {errorMessage(workflow.error ?? blocks.error, 'An error occurred.')}{' '}
        <Link href={backHref} className={linkClass}>
          Back
        </Link>
      </p>
    );
  }
  if (!workflow.data || !blocks.data) return <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p>;

  const loaded = workflow.data;
  const run = runId ? runs[runId]?.run : null;
  const nodeStatus = run
    ? Object.fromEntries(
        run.node_runs.map((node) => [node.node_id, node.status === 'running' ? 'pending' : node.status]),
      )
    : undefined;

  async function save(draft: Parameters<typeof saveWorkflow>[1]) {
    const saved = kind === 'template' ? await saveTemplate(id, draft) : await saveWorkflow(id, draft);
    revalidateWorkflows();
    return saved;
  }

  async function run_(topic: string) {
    if (!projectId) return;
    const started = await startRun({ projectId, workflowId: id, topic });
    if (started) navigate(`/workflows/${id}?run=${started}`, { replace: true });
  }

  return (
    <div className="flex flex-col gap-4">
      <p>
        <Link href={backHref} className={linkClass}>
          ← All {kind === 'template' ? 'templates' : 'workflows'}
        </Link>
      </p>
      <Builder
        key={`${loaded.id}`}
        workflow={loaded}
        blocks={blocks.data}
        canEdit={canEdit}
        nodeStatus={nodeStatus}
        onSave={save}
        onDirtyChange={setDirty}
      >
        {kind === 'workflow' && canWriteProject && (
          <section aria-labelledby="run-workflow-heading" className={panelClass}>
            <h2 id="run-workflow-heading" className={`${headingClass} mb-3`}>
              Run this workflow
            </h2>
            <RunForm
              label="Run workflow"
              disabled={dirty}
              note={dirty ? 'Save your changes first: a run uses the saved workflow.' : undefined}
              onRun={run_}
            />
          </section>
        )}
        {kind === 'workflow' && runId && <RunView runId={runId} nodeIds={loaded.nodes.map((node) => node.id)} />}
      </Builder>
    </div>
  );
}
