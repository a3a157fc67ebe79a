import type { WorkOptions } from 'pg-boss';
import type { Config } from '../config.ts';

/**
 * How a worker process works the brand and plan queues: TASK_WORKER_CONCURRENCY tasks at once, at most one of each
 * account (the job's group, the account that started it). pg-boss fetches past an account whose task this process is
 * running, so another account's task takes the free slot at the next fetch, however many tasks the first one queued.
 * A per-process count (pg-boss's localGroupConcurrency) rather than the global groupConcurrency: two fetch loops
 * polling at the same moment both see "no task of this account running" there and can both take one, filling every
 * slot; in-process the count is exact. With N worker processes an account runs at most N tasks at once.
 */
export function fairTaskWork(config: Config): WorkOptions {
  // The queues are woken by NOTIFY when a task is sent; a retry coming due or an account's next task after its running
  // one has no NOTIFY, so the poll stays at 2 s (pg-boss's default while NOTIFY works would be 30 s).
  return {
    localConcurrency: config.TASK_WORKER_CONCURRENCY,
    localGroupConcurrency: 1,
    pollingIntervalSeconds: 2,
    notifyPollingIntervalSeconds: 2,
  };
}
