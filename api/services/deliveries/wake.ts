import { randomUUID } from 'node:crypto';
import type { JobQueue } from '../../jobs/boss.ts';

/** The pg-boss queue whose jobs make the deliveries' remote calls (api/jobs/deliveries.ts). */
export const DELIVERIES_QUEUE = 'destination-deliveries';

/**
 * Wakes the delivery job after deliveries were written and committed. A lost wake-up only delays them until the
 * job's minute sweep: the delivery rows are the truth.
 */
export async function wakeDeliveries(jobs: JobQueue | undefined): Promise<void> {
  await jobs?.enqueue(DELIVERIES_QUEUE, {}, { id: randomUUID() }).catch(() => {});
}

/**
 * Asks for a delivery drain at `at` (a retry's time), a second from now at the soonest (a delivery due but waiting
 * behind one another worker is making is looked at again then); one job per second of the clock at most.
 */
export async function wakeDeliveriesAt(jobs: JobQueue | undefined, at: Date): Promise<void> {
  const seconds = Math.max(1, Math.ceil((at.getTime() - Date.now()) / 1000));
  const key = `at-${Math.ceil(Date.now() / 1000) + seconds}`;
  await jobs?.send(DELIVERIES_QUEUE, {}, { startAfter: seconds, singletonKey: key }).catch(() => {});
}

/** The deployment's delivery rows are marked with its queue's full name (JOBS_QUEUE_PREFIX + queue), like its jobs. */
export const deliveriesQueue = (config: { JOBS_QUEUE_PREFIX: string }): string =>
  `${config.JOBS_QUEUE_PREFIX}${DELIVERIES_QUEUE}`;
