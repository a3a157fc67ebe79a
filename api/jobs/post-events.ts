import { drainPostEvents } from '../services/posts/consumer.ts';
import type { PostEventSubscriber } from '../services/posts/events.ts';
import { outboxQueue, POST_EVENTS_QUEUE } from '../services/posts/outbox.ts';
import { POST_SUBSCRIBERS } from '../services/posts/subscribers/index.ts';
import type { WorkerDefinition } from './boss.ts';

/**
 * The outbox's one consumer (api/services/posts/consumer.ts). Each job drains every pending event of the deployment;
 * the queue's 'stately' policy lets one job run and one wait at a time across all processes, so a wake-up sent while
 * a drain runs is served by the drain after it, and extra wake-ups are dropped. Transitions wake it after they commit;
 * a job sent every minute delivers whatever a lost wake-up left, and one at start-up what a crash left. A worker
 * killed mid-drain stops its heartbeats and pg-boss retries the job, which carries on from the outbox's rows.
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
    work: () => ({ localConcurrency: 1, pollingIntervalSeconds: 2 }),
    async handle(_job, env) {
      await drainPostEvents({ sql: env.sql, queue: outboxQueue(env.config), subscribers, log: env.log });
    },
    async recover(_env, { requeue }) {
      await requeue({});
    },
  };
}
