import { errorMessage, refusalLink } from '../../../lib/api/client.ts';
import { runDefaultWorkflow, runWorkflow } from '../../../lib/api/workflows.ts';
import { watchQueue } from '../../../lib/stores/queue.ts';
import { trackRun } from '../../../lib/stores/runs.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { revalidateWorkflows } from './workflowStores.ts';

/** Starts a run (a given workflow, else the project's default), then follows it and the queue; null when refused. */
export async function startRun({
  projectId,
  workflowId,
  topic,
}: {
  projectId: string;
  workflowId?: string;
  topic: string;
}): Promise<string | null> {
  try {
    const { run_id } = workflowId
      ? await runWorkflow(workflowId, { topic })
      : await runDefaultWorkflow(projectId, { topic });
    void trackRun(run_id, { announce: true });
    watchQueue({ restart: true });
    revalidateWorkflows();
    return run_id;
  } catch (error) {
    showToast(errorMessage(error, 'An error occurred.'), 'error', refusalLink(error));
    return null;
  }
}
