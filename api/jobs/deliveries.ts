import { destinationIo } from '../services/destinations/io.ts';
import { drainDeliveries } from '../services/deliveries/drain.ts';
import { anyOpen } from '../services/deliveries/queries.ts';
import { DELIVERIES_QUEUE, deliveriesQueue, wakeDeliveriesAt } from '../services/deliveries/wake.ts';
import { secretBox } from '../services/secret-box.ts';
import type { WorkerDefinition } from './boss.ts';

/** The secrets this process made or read for itself (the key that opens destination credentials). */
const serverSecrets = { serverSecrets: new Map<string, Promise<Buffer>>() };

/**
 * The delivery job (issue 28): makes the remote calls of the deliveries the outbox's `destinations` subscriber wrote
 * (api/services/deliveries/). Woken after each outbox drain, by Retry, and at each retry's time; a job every minute
 * and one at start-up make whatever a lost wake-up or a crash left. Jobs of the same kind of wake-up run one at a
 * time (policy 'stately'); two drains side by side (a wake-up and a retry's) share the rows by claims, never a row.
 */
export const deliveriesWorker: WorkerDefinition<Record<string, never>> = {
  queue: DELIVERIES_QUEUE,
  schedule: '* * * * *',
  options: {
    policy: 'stately',
    retryLimit: 5,
    retryDelay: 1,
    retryBackoff: true,
    expireInSeconds: 3600,
    heartbeatSeconds: 10,
    notify: true,
  },
  work: () => ({ localConcurrency: 2, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2 }),
  async handle(_job, env) {
    const box = await secretBox({ sql: env.sql, caches: serverSecrets, config: env.config });
    const { nextAt } = await drainDeliveries({
      sql: env.sql,
      config: env.config,
      io: destinationIo(env.config),
      box,
      log: env.log,
      queue: deliveriesQueue(env.config),
    });
    if (nextAt) await wakeDeliveriesAt(env.jobs, nextAt);
  },
  recovery: {
    label: 'deliveries',
    open: async (sql, queue) => ((await anyOpen(sql, queue)) ? [{ id: 'deliveries', job_id: null }] : []),
    fail: async () => {},
    data: () => ({}),
    requeued: async () => {},
  },
};
