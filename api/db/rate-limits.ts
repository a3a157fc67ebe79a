import type { Db } from './sql.ts';

// The transcriber's counters (api/lib/rate-limit.ts): per-client minute windows and the daily allowances.

/**
 * Counts one hit of a client in the current minute's window and answers the sliding-window estimate over the last
 * 60 s (the previous minute's hits in proportion to how much of it is still inside) and the seconds to the next
 * window. `at` is the moment to count at (tests); null counts at the database's now().
 */
export async function hitRateWindow(
  sql: Db,
  client: string,
  at: Date | null,
): Promise<{ estimate: number; retry_after: number } | undefined> {
  const [row]: [{ estimate: number; retry_after: number }?] = await sql`
    with clock as (select coalesce(${at}::timestamptz, now()) as now),
    hit as (
      insert into transcribe_rate_windows (client, window_start, hits)
      values (${client}, date_trunc('minute', (select now from clock)), 1)
      on conflict (client, window_start) do update set hits = transcribe_rate_windows.hits + 1
      returning hits, window_start
    )
    select hit.hits + coalesce(previous.hits, 0) * (1 - extract(epoch from (clock.now - hit.window_start)) / 60) as estimate,
      ceil(extract(epoch from (hit.window_start + interval '1 minute' - clock.now)))::int as retry_after
    from hit cross join clock
    left join transcribe_rate_windows previous
      on previous.client = ${client} and previous.window_start = hit.window_start - interval '1 minute'`;
  return row;
}

/** Drops windows older than an hour (they no longer count). */
export async function deleteOldRateWindows(sql: Db): Promise<void> {
  await sql`delete from transcribe_rate_windows where window_start < now() - interval '1 hour'`;
}

/** Takes one of today's (UTC) site-wide transcriptions unless `cap` are taken; the day taken, or undefined. */
export async function takeSiteDailySlot(sql: Db, cap: number): Promise<string | undefined> {
  const [site]: [{ day: string }?] = await sql`
    insert into transcribe_daily_usage (day, transcriptions)
    values ((now() at time zone 'utc')::date, 1)
    on conflict (day) do update set transcriptions = transcribe_daily_usage.transcriptions + 1
      where transcribe_daily_usage.transcriptions < ${cap}
    returning day::text as day`;
  return site?.day;
}

/** Takes one of a client's transcriptions of `day` unless `cap` are taken; false when none is left. */
export async function takeClientDailySlot(sql: Db, day: string, client: string, cap: number): Promise<boolean> {
  const [mine]: [{ day: string }?] = await sql`
    insert into transcribe_client_daily_usage (day, client, transcriptions)
    values (${day}::date, ${client}, 1)
    on conflict (day, client) do update set transcriptions = transcribe_client_daily_usage.transcriptions + 1
      where transcribe_client_daily_usage.transcriptions < ${cap}
    returning day::text as day`;
  return Boolean(mine);
}

/** Drops clients' daily counts older than two days. */
export async function deleteOldClientDailySlots(sql: Db): Promise<void> {
  await sql`delete from transcribe_client_daily_usage where day < (now() at time zone 'utc')::date - 2`;
}

/** Gives back one of `day`'s site-wide transcriptions. */
export async function releaseSiteDailySlot(sql: Db, day: string): Promise<void> {
  await sql`update transcribe_daily_usage set transcriptions = greatest(transcriptions - 1, 0) where day = ${day}::date`;
}

/** Gives back one of a client's transcriptions of `day`. */
export async function releaseClientDailySlot(sql: Db, day: string, client: string): Promise<void> {
  await sql`
    update transcribe_client_daily_usage set transcriptions = greatest(transcriptions - 1, 0)
    where day = ${day}::date and client = ${client}`;
}
