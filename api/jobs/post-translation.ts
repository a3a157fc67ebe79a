import { failTranslationTask, runTranslationTask } from '../services/translations/process.ts';
import { requeueTranslationTask, selectOpenTranslationTasks } from '../services/translations/queries.ts';
import { TRANSLATION_QUEUE } from '../services/translations/verbs.ts';
import type { WorkerDefinition } from './boss.ts';
import { fairTaskWork } from './fair-work.ts';
import { stopIfDeleted } from './stop-if-deleted.ts';

/**
 * The post-translation queue (issue 24): 2 retries with backoff (a model that lost a link or was cut off is asked
 * again); a job out of retries ends its task with the reason. Like brand and plan tasks, one account's translations
 * run one at a time on each worker (fair-work.ts), and a task a crash left open is queued again at start-up.
 */
export const postTranslationWorker: WorkerDefinition<{ task_id: string }> = {
  queue: TRANSLATION_QUEUE,
  options: {
    retryLimit: 2,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 30,
    expireInSeconds: 900,
    heartbeatSeconds: 10,
    // Woken by NOTIFY when a task is sent: a person is waiting on it.
    notify: true,
  },
  work: fairTaskWork,
  async handle(job, env) {
    const id = job.data.task_id;
    const work = { table: 'post_translations' as const, id, label: `translation task ${id}` };
    await stopIfDeleted(env, work, () => runTranslationTask(env, id));
  },
  async onDeadLetter(data, env) {
    await failTranslationTask(env.sql, data.task_id, 'the AI model failed every time it was asked');
  },
  recovery: {
    label: 'translation task',
    open: async (sql, queue) =>
      (await selectOpenTranslationTasks(sql, queue)).map((task) => ({
        id: task.id,
        job_id: task.job_id,
        ...(task.created_by ? { group: task.created_by } : {}),
      })),
    fail: (env, id) => failTranslationTask(env.sql, id, 'its job failed'),
    data: (id) => ({ task_id: id }),
    requeued: requeueTranslationTask,
  },
};
