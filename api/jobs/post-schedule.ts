import { POST_SCHEDULE_QUEUE, publishDuePosts } from '../services/posts/schedule.ts';
import type { WorkerDefinition } from './boss.ts';

/**
 * Scheduled posts go live: a job at each post's time (sent when it is scheduled) and one every minute (pg-boss cron,
 * one across all processes) for any whose job was lost. A failed run is not retried: the next one does the same work.
 */
export const postScheduleWorker: WorkerDefinition<Record<string, never>> = {
  queue: POST_SCHEDULE_QUEUE,
  schedule: '* * * * *',
  options: { retryLimit: 0, expireInSeconds: 300 },
  async handle(_job, env) {
    await publishDuePosts({ sql: env.sql, config: env.config, jobs: env.jobs, log: env.log });
  },
};
