import { executeRun, failRun, WORKFLOW_QUEUE } from '../services/workflows/runner.ts';
import { selectOpenQueueRuns, setRunJob } from '../services/workflows/queries/runs.ts';
import type { WorkerDefinition } from './boss.ts';
import { stopIfDeleted } from './stop-if-deleted.ts';

/**
 * The workflow-run queue. Each job is one attempt at a run; the run resumes from its finished nodes, so a retried job
 * (a worker killed mid-run stops its heartbeats; pg-boss retries after 10 s) never repeats a node. At most
 * WORKFLOW_PROJECT_CONCURRENCY runs of one project work at once (pg-boss group concurrency, across all workers).
 */
export const workflowRunWorker: WorkerDefinition<{ run_id: string }> = {
  queue: WORKFLOW_QUEUE,
  options: {
    retryLimit: 5,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 60,
    expireInSeconds: 1800,
    heartbeatSeconds: 10,
    notify: true,
  },
  // Woken by NOTIFY on send; a fetch takes up to 4 runs, and while fetches come back full the worker keeps fetching.
  work: (config) => ({
    localConcurrency: Math.max(1, Math.ceil(config.WORKFLOW_WORKER_CONCURRENCY / 4)),
    batchSize: Math.min(4, config.WORKFLOW_WORKER_CONCURRENCY),
    burstWhenBatchFull: true,
    pollingIntervalSeconds: 1,
    groupConcurrency: config.WORKFLOW_PROJECT_CONCURRENCY,
  }),
  async handle(job, env) {
    if (job.retryCount > 0) env.log(`workflow run ${job.data.run_id}: attempt ${job.retryCount + 1}`);
    const work = { table: 'workflow_runs' as const, id: job.data.run_id, label: `workflow run ${job.data.run_id}` };
    await stopIfDeleted(env, work, () => executeRun(env, job.data.run_id));
  },
  async onDeadLetter(data, env) {
    await failRun(env.sql, data.run_id, 'The run failed too many times and was stopped.');
  },
  recovery: {
    label: 'workflow run',
    open: async (sql, queue) =>
      (await selectOpenQueueRuns(sql, queue)).map((run) => ({ id: run.id, job_id: run.job_id, group: run.project_id })),
    fail: (env, id) => failRun(env.sql, id, 'The run failed and was stopped.'),
    data: (id) => ({ run_id: id }),
    requeued: setRunJob,
  },
};
