import type { Db } from '../../db/sql.ts';

/** Minutes a limit holds over (a rolling hour of one-minute buckets). */
export const WINDOW_MINUTES = 60;

/**
 * Counts one start against a user's key and a project's key in one statement, only if both stay within their limits
 * over the last hour: the current minute's row is locked by the upsert, so concurrent starts (any process) cannot
 * both take the last slot. Returns the minute counted for each key, or null for the first key that refused.
 */
export async function takeHit(
  sql: Db,
  input: { userKey: string; userLimit: number; projectKey: string; projectLimit: number },
): Promise<{ userMinute: Date | null; projectMinute: Date | null }> {
  const window = WINDOW_MINUTES;
  const [row]: [{ user_minute: Date | null; project_minute: Date | null }?] = await sql`
    with clock as (select date_trunc('minute', now()) as minute),
    earlier as (
      select
        coalesce(sum(t.hits) filter (where t.key = ${input.userKey}), 0)::int as user_hits,
        coalesce(sum(t.hits) filter (where t.key = ${input.projectKey}), 0)::int as project_hits
      from throttle_hits t, clock
      where t.key in (${input.userKey}, ${input.projectKey})
        and t.minute > clock.minute - make_interval(mins => ${window}) and t.minute < clock.minute
    ),
    user_hit as (
      insert into throttle_hits (key, minute, hits)
      select ${input.userKey}, clock.minute, 1 from clock, earlier where earlier.user_hits < ${input.userLimit}
      on conflict (key, minute) do update set hits = throttle_hits.hits + 1
        where throttle_hits.hits + (select user_hits from earlier) < ${input.userLimit}
      returning minute
    ),
    project_hit as (
      insert into throttle_hits (key, minute, hits)
      select ${input.projectKey}, clock.minute, 1 from clock, earlier
      where exists (select 1 from user_hit) and earlier.project_hits < ${input.projectLimit}
      on conflict (key, minute) do update set hits = throttle_hits.hits + 1
        where throttle_hits.hits + (select project_hits from earlier) < ${input.projectLimit}
      returning minute
    )
    select (select minute from user_hit) as user_minute, (select minute from project_hit) as project_minute`;
  if (Math.random() < 0.01)
    await sql`delete from throttle_hits where minute < now() - make_interval(mins => ${window * 2})`;
  return { userMinute: row?.user_minute ?? null, projectMinute: row?.project_minute ?? null };
}

/** Takes back one hit of `key` counted in `minute` (a start that did not happen after all). */
export async function giveBackHit(sql: Db, key: string, minute: Date): Promise<void> {
  await sql`update throttle_hits set hits = hits - 1 where key = ${key} and minute = ${minute} and hits > 0`;
}

/**
 * Seconds until `key` may start again under `limit`: enough of its oldest hits must leave the hour that at most
 * limit - 1 remain.
 */
export async function secondsUntilFree(sql: Db, key: string, limit: number): Promise<number> {
  const window = WINDOW_MINUTES;
  const rows = await sql<{ hits: number; frees_in: number }[]>`
    select hits, extract(epoch from (minute + make_interval(mins => ${window}) - now()))::float as frees_in
    from throttle_hits
    where key = ${key} and minute > date_trunc('minute', now()) - make_interval(mins => ${window})
    order by minute`;
  let remaining = rows.reduce((total, row) => total + row.hits, 0);
  let seconds = 1;
  for (const row of rows) {
    if (remaining < limit) break;
    remaining -= row.hits;
    seconds = row.frees_in;
  }
  return Math.max(1, Math.ceil(seconds));
}
