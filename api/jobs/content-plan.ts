import { failPlanTask, runPlanTask } from '../services/plan/process.ts';
import { requeuePlanTask, selectOpenPlanTasks } from '../services/plan/queries.ts';
import { PLAN_QUEUE } from '../services/plan/verbs.ts';
import type { WorkerDefinition } from './boss.ts';
import { stopIfDeleted } from './stop-if-deleted.ts';
import { fairTaskWork } from './fair-work.ts';

/**
 * The content-plan queue: 2 retries with backoff; a job out of retries ends its task with the failure message. A
 * task a crash left open is re-queued at start-up unless pg-boss still owns its job. Like brand tasks, plans run one
 * per account at a time on each worker (fair-work.ts).
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
    // Woken by NOTIFY when a task is sent: a person is waiting on it.
    notify: true,
  },
  work: fairTaskWork,
  async handle(job, env) {
    const work = { table: 'plan_tasks' as const, id: job.data.task_id, label: `plan task ${job.data.task_id}` };
    await stopIfDeleted(env, work, () => runPlanTask(env, job.data.task_id));
  },
  async onDeadLetter(data, env) {
    await failPlanTask(env.sql, data.task_id, 'retries exhausted');
  },
  recovery: {
    label: 'plan task',
    // Queued again in the group of the account that started it (fair-work.ts).
    open: async (sql, queue) =>
      (await selectOpenPlanTasks(sql, queue)).map((task) => ({
        id: task.id,
        job_id: task.job_id,
        ...(task.created_by ? { group: task.created_by } : {}),
      })),
    fail: (env, id) => failPlanTask(env.sql, id, 'job failed'),
    data: (id) => ({ task_id: id }),
    requeued: requeuePlanTask,
  },
};
