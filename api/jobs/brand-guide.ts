import { BRAND_GAVE_UP, BRAND_RETRYING } from '../services/brand/messages.ts';
import { failBrandTask, runBrandTask } from '../services/brand/process.ts';
import { requeueBrandTask, selectOpenBrandTasks } from '../services/brand/queries.ts';
import { BRAND_QUEUE } from '../services/brand/verbs.ts';
import type { WorkerDefinition } from './boss.ts';
import { stopIfDeleted } from './stop-if-deleted.ts';
import { fairTaskWork } from './fair-work.ts';

/**
 * The brand-guide queue. Retries: 3 with exponential backoff. A worker that dies mid-task stops sending heartbeats;
 * after 10 s pg-boss fails that attempt and retries it on another worker, and the task row follows (attempts + 1,
 * progress restarts). A job out of retries reaches the dead-letter queue, which ends the task with the spec's
 * failure message. Tasks are sent in their account's group, and a worker runs one task of an account at a time
 * (fair-work.ts), so one account's backlog never holds back another account's task.
 */
export const brandGuideWorker: WorkerDefinition<{ task_id: string }> = {
  queue: BRAND_QUEUE,
  options: {
    retryLimit: 3,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 60,
    expireInSeconds: 600,
    heartbeatSeconds: 10,
    // Woken by NOTIFY when a task is sent: a person is waiting on it.
    notify: true,
  },
  work: fairTaskWork,
  async handle(job, env) {
    if (job.retryCount > 0) env.log(`brand task ${job.data.task_id}: attempt ${job.retryCount + 1}`);
    const work = { table: 'brand_tasks' as const, id: job.data.task_id, label: `brand task ${job.data.task_id}` };
    await stopIfDeleted(env, work, () => runBrandTask(env, job.data.task_id));
  },
  async onDeadLetter(data, env) {
    await failBrandTask(env.sql, data.task_id, 'retries exhausted', BRAND_GAVE_UP);
  },
  recovery: {
    label: 'brand task',
    // Queued again in the group of the account that started it (fair-work.ts).
    open: async (sql, queue) =>
      (await selectOpenBrandTasks(sql, queue)).map((task) => ({
        id: task.id,
        job_id: task.job_id,
        ...(task.created_by ? { group: task.created_by } : {}),
      })),
    fail: (env, id) => failBrandTask(env.sql, id, 'job failed', BRAND_GAVE_UP),
    data: (id) => ({ task_id: id }),
    requeued: (sql, id, jobId) => requeueBrandTask(sql, id, jobId, BRAND_RETRYING),
  },
};
