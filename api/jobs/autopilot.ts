import { AUTOPILOT_QUEUE, autopilotTick } from '../services/calendar/autopilot.ts';
import type { WorkerDefinition } from './boss.ts';

/**
 * The autopilot's clock: pg-boss's cron sends one tick a minute (one across all processes); each tick claims the
 * slots that came due, starts their runs and follows them (api/services/calendar/autopilot.ts). A tick that fails is
 * not retried: the next minute's tick does the same work.
 */
export const autopilotWorker: WorkerDefinition<Record<string, never>> = {
  queue: AUTOPILOT_QUEUE,
  schedule: '* * * * *',
  options: { retryLimit: 0, expireInSeconds: 300 },
  async handle(_job, env) {
    await autopilotTick({ sql: env.sql, config: env.config, jobs: env.jobs, log: env.log }, new Date());
  },
};
