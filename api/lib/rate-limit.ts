import {
  deleteOldClientDailySlots,
  deleteOldRateWindows,
  hitRateWindow,
  releaseClientDailySlot,
  releaseSiteDailySlot,
  takeClientDailySlot,
  takeSiteDailySlot,
} from '../db/rate-limits.ts';
import type { Db, Sql } from '../db/sql.ts';
import { RateLimitError } from './errors.ts';

const WINDOW_SECONDS = 60;

/**
 * Counts one request of a client (in Postgres, so every API process shares it); throws 429 past the limit. The
 * limit holds over any 60 s, not per clock minute: the previous minute's hits count in proportion to how much of it
 * still lies within the last 60 s (a sliding-window counter), so a burst that straddles a minute boundary cannot
 * pass twice the limit.
 */
export async function hitRateLimit(sql: Db, input: { client: string; limit: number; at?: Date }): Promise<void> {
  const at = input.at ?? null; // tests pass a moment; everyone else counts at the database's now()
  const row = await hitRateWindow(sql, input.client, at);
  if (Math.random() < 0.01) await deleteOldRateWindows(sql);
  if (row && Number(row.estimate) > input.limit) {
    throw new RateLimitError(
      'Too many transcription requests. Please wait a minute and try again.',
      Math.max(1, Math.min(WINDOW_SECONDS, row.retry_after)),
    );
  }
}

export const SITE_CAP_MESSAGE = "The free transcriber has reached today's limit. Please try again tomorrow.";
export const CLIENT_CAP_MESSAGE = "You have reached today's limit of free transcriptions. Please try again tomorrow.";

/** A slot taken from today's allowances; give it back when the work failed before speech-to-text transcribed anything. */
export interface DailyReservation {
  release(): Promise<void>;
}

function secondsToUtcMidnight(): number {
  const now = new Date();
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}

/**
 * Reserves one transcription from today's site-wide allowance and the client's own (UTC day), both or neither, so
 * concurrent requests cannot overshoot a cap; throws 429 when either is used up. The reservation names its day,
 * so a release after midnight gives back the slot it took.
 */
export async function reserveDailyAllowance(
  sql: Sql,
  input: { client: string; siteCap: number; clientCap: number },
): Promise<DailyReservation> {
  const day = await sql.begin(async (tx) => {
    const site = await takeSiteDailySlot(tx, input.siteCap);
    if (!site) throw new RateLimitError(SITE_CAP_MESSAGE, secondsToUtcMidnight());
    if (!(await takeClientDailySlot(tx, site, input.client, input.clientCap)))
      throw new RateLimitError(CLIENT_CAP_MESSAGE, secondsToUtcMidnight());
    return site;
  });
  if (Math.random() < 0.01) await deleteOldClientDailySlots(sql);
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      await sql.begin(async (tx) => {
        await releaseSiteDailySlot(tx, day);
        await releaseClientDailySlot(tx, day, input.client);
      });
    },
  };
}
