import type { Db } from '../../../db/sql.ts';

/**
 * The URL Inspection calls spent on a property in the minute and the quota day given, with both counters locked until
 * the transaction ends: two workers reserving at once are served one after the other.
 */
export async function lockQuotaUse(
  tx: Db,
  property: string,
  windows: { minute: Date; day: Date },
): Promise<{ minute: number; day: number }> {
  await tx`
    insert into search_console_quota (property, window_kind, window_start)
    values (${property}, 'day', ${windows.day}), (${property}, 'minute', ${windows.minute})
    on conflict do nothing`;
  const rows = await tx<{ window_kind: 'minute' | 'day'; used: number }[]>`
    select window_kind, used from search_console_quota
    where property = ${property}
      and ((window_kind = 'day' and window_start = ${windows.day}) or (window_kind = 'minute' and window_start = ${windows.minute}))
    order by window_kind
    for update`;
  return {
    minute: rows.find((row) => row.window_kind === 'minute')?.used ?? 0,
    day: rows.find((row) => row.window_kind === 'day')?.used ?? 0,
  };
}

/** Counts `calls` more against both windows (inside the transaction that locked them). */
export async function addQuotaUse(
  tx: Db,
  property: string,
  windows: { minute: Date; day: Date },
  calls: number,
): Promise<void> {
  await tx`
    update search_console_quota set used = used + ${calls}
    where property = ${property}
      and ((window_kind = 'day' and window_start = ${windows.day}) or (window_kind = 'minute' and window_start = ${windows.minute}))`;
}

/** Drops counters of windows that ended before `before` (nothing reads them again). */
export async function pruneQuota(sql: Db, before: Date): Promise<void> {
  await sql`delete from search_console_quota where window_start < ${before}`;
}

/** The property's back-off after a 429, or undefined. */
export async function selectBackoff(
  sql: Db,
  property: string,
): Promise<{ backoff_until: Date; streak: number } | undefined> {
  const [row]: [{ backoff_until: Date; streak: number }?] = await sql`
    select backoff_until, streak from search_console_backoff where property = ${property}`;
  return row;
}

/** Holds the property back until `until` (the `streak`-th 429 in a row). */
export async function storeBackoff(
  sql: Db,
  property: string,
  backoff: { until: Date; streak: number; reason: string },
): Promise<void> {
  await sql`
    insert into search_console_backoff (property, backoff_until, streak, reason)
    values (${property}, ${backoff.until}, ${backoff.streak}, ${backoff.reason})
    on conflict (property) do update set
      backoff_until = excluded.backoff_until, streak = excluded.streak, reason = excluded.reason`;
}

/** A call went through: the property's 429 streak is over. */
export async function clearBackoff(sql: Db, property: string): Promise<void> {
  await sql`delete from search_console_backoff where property = ${property}`;
}
