import type { Db } from '../db/sql.ts';
import { RateLimitError } from './errors.ts';

const WINDOW_SECONDS = 60;

/** Counts one request of a client in the current minute (in Postgres, so every API process shares it); throws 429 past the limit. */
export async function hitRateLimit(sql: Db, input: { client: string; limit: number }): Promise<void> {
  const [row]: [{ hits: number; retry_after: number }?] = await sql`
    insert into transcribe_rate_windows (client, window_start, hits)
    values (${input.client}, date_trunc('minute', now()), 1)
    on conflict (client, window_start) do update set hits = transcribe_rate_windows.hits + 1
    returning hits, ceil(extract(epoch from (window_start + interval '1 minute' - now())))::int as retry_after`;
  if (Math.random() < 0.01) await sql`delete from transcribe_rate_windows where window_start < now() - interval '1 hour'`;
  if (row && row.hits > input.limit) {
    throw new RateLimitError('Too many transcription requests. Please wait a minute and try again.', Math.max(1, Math.min(WINDOW_SECONDS, row.retry_after)));
  }
}

/** Takes one transcription from today's global allowance (UTC day); throws 429 when it is used up. */
export async function takeDailyAllowance(sql: Db, cap: number): Promise<void> {
  const [row]: [{ transcriptions: number }?] = await sql`
    insert into transcribe_daily_usage (day, transcriptions)
    values ((now() at time zone 'utc')::date, 1)
    on conflict (day) do update set transcriptions = transcribe_daily_usage.transcriptions + 1
      where transcribe_daily_usage.transcriptions < ${cap}
    returning transcriptions`;
  if (!row) {
    const now = new Date();
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    throw new RateLimitError("The free transcriber has reached today's limit. Please try again tomorrow.", Math.ceil((midnight - now.getTime()) / 1000));
  }
}
