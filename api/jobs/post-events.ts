import { drainPostEvents } from '../services/posts/consumer.ts';
import { pendingPostIds } from '../services/posts/queries/events.ts';
import type { PostEventSubscriber } from '../services/posts/events.ts';
import { outboxQueue, POST_EVENTS_QUEUE } from '../services/posts/outbox.ts';
import { POST_SUBSCRIBERS } from '../services/posts/subscribers/index.ts';
import { wakeDeliveries } from '../services/deliveries/wake.ts';
import type { JobQueue, WorkerDefinition } from './boss.ts';

/**
 * A drain after 1 s, 2 s, 4 s… (at most 30 s) as an event keeps failing. It waits under its own key, so the wake-ups of
 * new events (key none) still run at once beside it; a second one while one waits is dropped (policy 'stately').
 * pg-boss's own retries are not used for this: under 'stately' a retry that meets one already waiting is failed.
 */
async function retryLater(jobs: JobQueue | undefined, failures: number): Promise<void> {
  const seconds = Math.min(30, 2 ** Math.max(0, failures - 1));
  await jobs?.send(POST_EVENTS_QUEUE, {}, { startAfter: seconds, singletonKey: 'retry' }).catch(() => {});
}

/**
 * The outbox's one consumer (api/services/posts/consumer.ts). Each job drains every pending event of the deployment;
 * the queue's 'stately' policy lets one job run and one wait at a time across all processes, so a wake-up sent while
 * a drain runs is served by the drain after it, and extra wake-ups are dropped. Transitions wake it after they commit;
 * a job sent every minute delivers whatever a lost wake-up left, and one at start-up what a crash left. A worker
 * killed mid-drain stops its heartbeats and pg-boss retries the job, which carries on from the outbox's rows. A drain
 * that left a post behind a failing subscriber asks for another after a pause (retryLater).
 * `subscribers` is a parameter so a test can add one that counts what it is given.
 */
export function postEventsWorker(
  subscribers: readonly PostEventSubscriber[] = POST_SUBSCRIBERS,
): WorkerDefinition<Record<string, never>> {
  return {
    queue: POST_EVENTS_QUEUE,
    schedule: '* * * * *',
    options: {
      policy: 'stately',
      retryLimit: 5,
      retryDelay: 1,
      retryBackoff: true,
      retryDelayMax: 30,
      expireInSeconds: 900,
      heartbeatSeconds: 10,
      notify: true,
    },
    // NOTIFY wakes it for new jobs; the 2 s poll finds the delayed ones (a retry, a crashed drain's) in time.
    work: () => ({ localConcurrency: 1, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2 }),
    async handle(_job, env) {
      const drained = await drainPostEvents({
        sql: env.sql,
        queue: outboxQueue(env.config),
        subscribers,
        log: env.log,
        config: env.config,
        // The destinations subscriber may have left deliveries: the delivery job starts on them after each look at
        // the outbox, not at the end of a drain that publishing keeps busy (bench:publish, docs/decisions.md).
        consumed: () => wakeDeliveries(env.jobs),
      });
      if (drained.stuck) await retryLater(env.jobs, drained.failures);
    },
    // The outbox is one open "row" while any event waits: the start-up sweep sends one drain for what a crash left.
    recovery: {
      label: 'post outbox',
      open: async (sql, queue) =>
        (await pendingPostIds(sql, queue, [], 1)).length ? [{ id: 'outbox', job_id: null }] : [],
      fail: async () => {},
      data: () => ({}),
      requeued: async () => {},
    },
  };
}
