import type { Db, Sql } from '../../db/sql.ts';
import { batched } from '../../lib/batch.ts';

/** Minutes a limit holds over (a rolling hour of one-minute buckets). */
export const WINDOW_MINUTES = 60;

/** One start asked for: it counts against a user's key and a project's key, each with its limit over the hour. */
export interface HitRequest {
  userKey: string;
  userLimit: number;
  projectKey: string;
  projectLimit: number;
}

/** The minute the start was counted in, or which limit refused it (nothing is counted then). */
export type HitResult = { minute: Date } | { refused: 'user' | 'project' };

const takers = new WeakMap<Sql, (request: HitRequest) => Promise<HitResult>>();

/**
 * Counts one start, or refuses it without counting anything once the user's or the project's key has reached its
 * limit over the last hour. The starts asked for in one turn of the event loop are decided together in one short
 * transaction that locks their keys' current-minute rows (in key order, so processes never deadlock): concurrent
 * starts in any process cannot pass a limit, and one account starting hundreds a second does not queue them one
 * commit at a time behind its row lock.
 */
export function takeHit(sql: Sql, request: HitRequest): Promise<HitResult> {
  let take = takers.get(sql);
  if (!take) {
    take = batched((requests: HitRequest[]) => takeHits(sql, requests));
    takers.set(sql, take);
  }
  return take(request);
}

async function takeHits(sql: Sql, requests: HitRequest[]): Promise<HitResult[]> {
  const window = WINDOW_MINUTES;
  const keys = [...new Set(requests.flatMap((request) => [request.userKey, request.projectKey]))].sort();
  const results = await sql.begin(async (tx) => {
    await tx`
      insert into throttle_hits (key, minute, hits)
      select key, date_trunc('minute', now()), 0 from unnest(${keys}::text[]) as key order by key
      on conflict (key, minute) do nothing`;
    await tx`
      select 1 from throttle_hits where key = any(${keys}::text[]) and minute = date_trunc('minute', now())
      order by key for update`;
    const counts = await tx<{ key: string; hits: number; minute: Date }[]>`
      select key, sum(hits)::int as hits, date_trunc('minute', now()) as minute from throttle_hits
      where key = any(${keys}::text[]) and minute > date_trunc('minute', now()) - make_interval(mins => ${window})
      group by key`;
    const minute = counts[0]?.minute; // every key has its current-minute row: inserted above
    if (!minute) throw new Error('throttle rows vanished');
    const used = new Map(counts.map((row) => [row.key, row.hits]));
    const added = new Map<string, number>();
    const count = (key: string) => {
      used.set(key, (used.get(key) ?? 0) + 1);
      added.set(key, (added.get(key) ?? 0) + 1);
    };
    const decided: HitResult[] = requests.map((request) => {
      if ((used.get(request.userKey) ?? 0) >= request.userLimit) return { refused: 'user' };
      if ((used.get(request.projectKey) ?? 0) >= request.projectLimit) return { refused: 'project' };
      count(request.userKey);
      count(request.projectKey);
      return { minute };
    });
    if (added.size) {
      await tx`
        update throttle_hits t set hits = t.hits + d.n
        from unnest(${[...added.keys()]}::text[], ${[...added.values()]}::int[]) as d(key, n)
        where t.key = d.key and t.minute = ${minute}`;
    }
    return decided;
  });
  if (Math.random() < 0.01)
    await sql`delete from throttle_hits where minute < now() - make_interval(mins => ${window * 2})`;
  return results;
}

/** Takes back one counted start of each key in `minute` (a start that did not happen after all). */
export async function giveBackHit(sql: Db, keys: string[], minute: Date): Promise<void> {
  await sql`update throttle_hits set hits = hits - 1 where key = any(${keys}::text[]) and minute = ${minute} and hits > 0`;
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

/** Forgets the counted starts of a deleted project or account: their keys name its id (limits.ts). */
export async function forgetThrottleHits(sql: Db, who: 'project' | 'user', ids: string[]): Promise<void> {
  if (!ids.length) return;
  await sql`delete from throttle_hits where split_part(key, ':', 2) = ${who} and split_part(key, ':', 3) in ${sql(ids)}`;
}
