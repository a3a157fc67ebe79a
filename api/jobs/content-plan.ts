import { failPlanTask, runPlanTask } from '../services/plan/process.ts';
import { requeuePlanTask, selectOpenPlanTasks } from '../services/plan/queries.ts';
import { PLAN_QUEUE } from '../services/plan/verbs.ts';
import type { WorkerDefinition } from './boss.ts';
import { stopIfDeleted } from './stop-if-deleted.ts';

/**
 * The content-plan queue: 2 retries with backoff; a job out of retries ends its task with the failure message. A
 * task a crash left open is re-queued at start-up unless pg-boss still owns its job.
 */
export const contentPlanWorker: WorkerDefinition<{ task_id: string }> = {
  queue: PLAN_QUEUE,
  options: {
    retryLimit: 2,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 30,
    expireInSeconds: 600,
    heartbeatSeconds: 10,
  },
  async handle(job, env) {
    const work = { table: 'plan_tasks' as const, id: job.data.task_id, label: `plan task ${job.data.task_id}` };
    await stopIfDeleted(env, work, () => runPlanTask(env, job.data.task_id));
  },
  async onDeadLetter(data, env) {
    await failPlanTask(env.sql, data.task_id, 'retries exhausted');
  },
  recovery: {
    label: 'plan task',
    open: selectOpenPlanTasks,
    fail: (env, id) => failPlanTask(env.sql, id, 'job failed'),
    data: (id) => ({ task_id: id }),
    requeued: requeuePlanTask,
  },
};
