import { type DeliveryEnv, performDelivery } from './perform.ts';
import { claimDue, nextDueAt, renewLeases } from './queries.ts';

/** How long a claim holds, and how often a working worker renews its claims (a dead one's lapse within the lease). */
export function leaseOf(timeoutMs: number): { leaseMs: number; renewMs: number } {
  const renewMs = Math.min(10_000, Math.max(1_000, Math.round(timeoutMs / 3)));
  return { leaseMs: renewMs * 3, renewMs };
}

/**
 * Makes every due delivery of the queue, up to DELIVERY_CONCURRENCY at once: a new one is claimed as soon as one
 * finishes (its post's next change may be due now), until none is due and none is under way. Claims are renewed
 * while they are worked, so another worker takes a delivery over only when this one died. Answers when the next
 * delivery comes due (a retry), for the job to wake then.
 */
export async function drainDeliveries(
  env: DeliveryEnv & { queue: string },
): Promise<{ made: number; nextAt: Date | null }> {
  const { leaseMs, renewMs } = leaseOf(env.config.DELIVERY_TIMEOUT_MS);
  const limit = env.config.DELIVERY_CONCURRENCY;
  const working = new Map<string, Promise<void>>();
  const renew = setInterval(() => {
    renewLeases(env.sql, [...working.keys()], leaseMs).catch((error) => env.log(`delivery leases: ${error.message}`));
  }, renewMs);
  let made = 0;
  try {
    for (;;) {
      const rows = working.size < limit ? await claimDue(env.sql, env.queue, limit - working.size, leaseMs) : [];
      for (const row of rows) {
        const work = performDelivery(env, row)
          .catch((error) => env.log(`delivery ${row.id}: ${error instanceof Error ? error.message : String(error)}`))
          .finally(() => {
            working.delete(row.lease_token);
            made++;
          });
        working.set(row.lease_token, work);
      }
      if (working.size === 0) break;
      if (rows.length === 0 || working.size >= limit) await Promise.race(working.values());
    }
  } finally {
    clearInterval(renew);
  }
  return { made, nextAt: await nextDueAt(env.sql, env.queue) };
}
