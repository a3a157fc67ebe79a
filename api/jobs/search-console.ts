import { inspectDuePages } from '../services/search-console/inspect.ts';
import { SEARCH_CONSOLE_INSPECT_QUEUE, SEARCH_CONSOLE_METRICS_QUEUE } from '../services/search-console/queues.ts';
import { syncSearchMetrics } from '../services/search-console/sync.ts';
import type { WorkerDefinition } from './boss.ts';

/**
 * URL Inspection, every minute (pg-boss cron, one across all processes) and when a property is picked: each round
 * inspects what the property's quota allows now (api/services/search-console/scheduler.ts). 'stately': one round runs
 * and one waits, so rounds never overlap. A failed round is not retried: the next minute's does the same work.
 */
export const searchConsoleInspectWorker: WorkerDefinition<Record<string, never>> = {
  queue: SEARCH_CONSOLE_INSPECT_QUEUE,
  schedule: '* * * * *',
  options: { policy: 'stately', retryLimit: 0, expireInSeconds: 300 },
  work: () => ({ localConcurrency: 1, pollingIntervalSeconds: 2 }),
  async handle(_job, env) {
    await inspectDuePages(env);
  },
};

/**
 * Search Analytics, every hour for the projects not fetched in the last day, and for one project at once when its
 * property is picked ({ project_id }).
 */
export const searchConsoleMetricsWorker: WorkerDefinition<{ project_id?: string }> = {
  queue: SEARCH_CONSOLE_METRICS_QUEUE,
  schedule: '17 * * * *',
  options: { retryLimit: 0, expireInSeconds: 900 },
  work: () => ({ localConcurrency: 1, pollingIntervalSeconds: 2 }),
  async handle(job, env) {
    await syncSearchMetrics(env, job.data.project_id ? { projectId: job.data.project_id } : {});
  },
};
