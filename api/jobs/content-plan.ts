import { failPlanTask, runPlanTask } from '../services/plan/process.ts';
import { selectOpenPlanTasks } from '../services/plan/queries.ts';
import { PLAN_QUEUE } from '../services/plan/verbs.ts';
import type { WorkerDefinition } from './boss.ts';
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
  },
  work: fairTaskWork,
  async handle(job, env) {
    await runPlanTask(env, job.data.task_id);
  },
  async onDeadLetter(data, env) {
    await failPlanTask(env.sql, data.task_id, 'retries exhausted');
  },
  async recover(env, { name, jobState, requeue }) {
    for (const task of await selectOpenPlanTasks(env.sql, name)) {
      const state = task.job_id ? await jobState(task.job_id) : null;
      if (state === 'created' || state === 'retry' || state === 'active') continue;
      if (state === 'failed') {
        await failPlanTask(env.sql, task.id, 'job failed');
        continue;
      }
      const jobId = await requeue({ task_id: task.id }, task.created_by ? { group: { id: task.created_by } } : {});
      await env.sql`update plan_tasks set job_id = ${jobId}, status = 'pending', updated_at = now() where id = ${task.id}`;
    }
  },
};
