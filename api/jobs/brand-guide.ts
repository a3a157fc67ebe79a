import { BRAND_GAVE_UP, BRAND_RETRYING } from '../services/brand/messages.ts';
import { failBrandTask, runBrandTask } from '../services/brand/process.ts';
import { selectOpenBrandTasks } from '../services/brand/queries.ts';
import { BRAND_QUEUE } from '../services/brand/verbs.ts';
import type { WorkerDefinition } from './boss.ts';

/**
 * The brand-guide queue. Retries: 3 with exponential backoff. A worker that dies mid-task stops sending heartbeats;
 * after 10 s pg-boss fails that attempt and retries it on another worker, and the task row follows (attempts + 1,
 * progress restarts). A job out of retries reaches the dead-letter queue, which ends the task with the spec's
 * failure message.
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
  },
  async handle(job, env) {
    if (job.retryCount > 0) env.log(`brand task ${job.data.task_id}: attempt ${job.retryCount + 1}`);
    await runBrandTask(env, job.data.task_id);
  },
  async onDeadLetter(data, env) {
    await failBrandTask(env.sql, data.task_id, 'retries exhausted', BRAND_GAVE_UP);
  },
  async recover(env, { name, jobState, requeue }) {
    for (const task of await selectOpenBrandTasks(env.sql, name)) {
      const state = task.job_id ? await jobState(task.job_id) : null;
      if (state === 'created' || state === 'retry' || state === 'active') continue; // pg-boss still owns it
      if (state === 'failed') {
        await failBrandTask(env.sql, task.id, 'job failed', BRAND_GAVE_UP);
        continue;
      }
      // The job is gone (completed without settling the row, cancelled, or deleted): queue it again.
      const jobId = await requeue({ task_id: task.id });
      await env.sql`update brand_tasks set job_id = ${jobId}, status = 'pending', stage = 'queued', message = ${BRAND_RETRYING}, updated_at = now() where id = ${task.id}`;
      env.log(`brand task ${task.id}: re-queued at start-up (job ${state ?? 'missing'})`);
    }
  },
};
