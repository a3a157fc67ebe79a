import type { Db } from '../../../db/sql.ts';
import { billedOwnerOf } from './billed-owner.ts';

/** Posts generated for an account in [from, to). */
export async function countPosts(sql: Db, accountId: string, from: Date, to: Date): Promise<number> {
  const [row]: [{ n: number }?] = await sql`
    select count(*)::int as n from usage_events
    where account_id = ${accountId} and kind = 'post_generated' and created_at >= ${from} and created_at < ${to}`;
  return row?.n ?? 0;
}

/** Posts generated per UTC calendar month before a moment ({ month: 'YYYY-MM', posts }), oldest first. */
export async function postsPerMonth(
  sql: Db,
  accountId: string,
  before: Date,
): Promise<{ month: string; posts: number }[]> {
  return sql<{ month: string; posts: number }[]>`
    select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM') as month, count(*)::int as posts
    from usage_events
    where account_id = ${accountId} and kind = 'post_generated' and created_at < ${before}
    group by 1 order by 1`;
}

/** Runs of the account's projects that are under way and have not recorded their post yet: each will use one. */
export async function countRunsInFlight(sql: Db, accountId: string): Promise<number> {
  const [row]: [{ n: number }?] = await sql`
    select count(*)::int as n from workflow_runs r
    where r.status in ('pending', 'in_progress', 'running')
      and r.project_id in (select project_id from project_members m where m.user_id = ${accountId} and m.role = 'owner')
      and ${accountId} = ${billedOwnerOf(sql, sql`r.project_id`)}
      and not exists (select 1 from usage_events e where e.run_id = r.id)`;
  return row?.n ?? 0;
}

/**
 * Holds the account's allowance lock until the transaction ends: one account's starts are checked and recorded one
 * after the other. Outside a transaction the lock ends with the statement.
 */
export async function lockAccountAllowance(sql: Db, accountId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`post-allowance:${accountId}`}, 0))`;
}

/** Records a run's post as generated (usage_events), charged to the project's billed owner. */
export async function insertGeneratedUsage(
  tx: Db,
  input: { projectId: string; runId: string; postId: string },
): Promise<void> {
  await tx`
    insert into usage_events (account_id, project_id, kind, run_id, post_id)
    values (${billedOwnerOf(tx, tx`${input.projectId}::uuid`)}, ${input.projectId}, 'post_generated', ${input.runId}, ${input.postId})`;
}
