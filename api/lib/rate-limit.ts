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
  const [row]: [{ estimate: number; retry_after: number }?] = await sql`
    with clock as (select coalesce(${at}::timestamptz, now()) as now),
    hit as (
      insert into transcribe_rate_windows (client, window_start, hits)
      values (${input.client}, date_trunc('minute', (select now from clock)), 1)
      on conflict (client, window_start) do update set hits = transcribe_rate_windows.hits + 1
      returning hits, window_start
    )
    select hit.hits + coalesce(previous.hits, 0) * (1 - extract(epoch from (clock.now - hit.window_start)) / 60) as estimate,
      ceil(extract(epoch from (hit.window_start + interval '1 minute' - clock.now)))::int as retry_after
    from hit cross join clock
    left join transcribe_rate_windows previous
      on previous.client = ${input.client} and previous.window_start = hit.window_start - interval '1 minute'`;
  if (Math.random() < 0.01)
    await sql`delete from transcribe_rate_windows where window_start < now() - interval '1 hour'`;
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
    const [site]: [{ day: string }?] = await tx`
      insert into transcribe_daily_usage (day, transcriptions)
      values ((now() at time zone 'utc')::date, 1)
      on conflict (day) do update set transcriptions = transcribe_daily_usage.transcriptions + 1
        where transcribe_daily_usage.transcriptions < ${input.siteCap}
      returning day::text as day`;
    if (!site) throw new RateLimitError(SITE_CAP_MESSAGE, secondsToUtcMidnight());
    const [mine]: [{ day: string }?] = await tx`
      insert into transcribe_client_daily_usage (day, client, transcriptions)
      values (${site.day}::date, ${input.client}, 1)
      on conflict (day, client) do update set transcriptions = transcribe_client_daily_usage.transcriptions + 1
        where transcribe_client_daily_usage.transcriptions < ${input.clientCap}
      returning day::text as day`;
    if (!mine) throw new RateLimitError(CLIENT_CAP_MESSAGE, secondsToUtcMidnight());
    return site.day;
  });
  if (Math.random() < 0.01)
    await sql`delete from transcribe_client_daily_usage where day < (now() at time zone 'utc')::date - 2`;
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      await sql.begin(async (tx) => {
        await tx`update transcribe_daily_usage set transcriptions = greatest(transcriptions - 1, 0) where day = ${day}::date`;
        await tx`update transcribe_client_daily_usage set transcriptions = greatest(transcriptions - 1, 0) where day = ${day}::date and client = ${input.client}`;
      });
    },
  };
}
