import type { PendingQuery, Row as PgRow } from 'postgres';
import type { Db } from '../../../db/sql.ts';
import { LIVE_STRIPE_STATUSES, type PlanId } from '../plans.ts';
import { billedOwnerOf } from './billed-owner.ts';

/** What an account's plan is made of: the admin's override, and the newest live Stripe subscription with a plan. */
export interface AccountPlanRow {
  plan_override: PlanId | null;
  stripe_customer_id: string | null;
  stripe_plan: Exclude<PlanId, 'free'> | null;
  stripe_status: string | null;
  current_period_start: Date | null;
  current_period_end: Date | null;
}

/** What projectPlanRow selects; read through to_jsonb its timestamps are strings. */
export type ProjectPlanRow = AccountPlanRow & { account_id: string };

const planSelect = (sql: Db) => sql`
  select s.plan_override, s.stripe_customer_id, ss.plan as stripe_plan, ss.status as stripe_status,
         ss.current_period_start, ss.current_period_end`;

/** The newest live Stripe subscription with a plan of `s` (subscriptions), as `ss`. */
const liveStripePlan = (sql: Db) => sql`
  left join lateral (
    select plan, status, current_period_start, current_period_end from stripe_subscriptions
    where customer_id = s.stripe_customer_id and status in ${sql(LIVE_STRIPE_STATUSES)} and plan is not null
    order by event_created desc limit 1
  ) ss on true`;

/** An account's plan row, or undefined when it has no subscriptions row (Free). */
export async function selectAccountPlanRow(sql: Db, userId: string): Promise<AccountPlanRow | undefined> {
  const [row]: [AccountPlanRow?] =
    await sql`${planSelect(sql)} from subscriptions s ${liveStripePlan(sql)} where s.account_id = ${userId}`;
  return row;
}

/**
 * The plan row of the account billed for the project `projectId` (an SQL expression), for queries that read it
 * beside something else (a lateral join): none when the project has no owner.
 */
export const projectPlanRow = (sql: Db, projectId: PendingQuery<PgRow[]>) => sql`
  ${planSelect(sql)}, o.user_id as account_id
  from (select ${billedOwnerOf(sql, projectId)} as user_id) o
  left join subscriptions s on s.account_id = o.user_id ${liveStripePlan(sql)}
  where o.user_id is not null`;

/** The billed account of a project and its plan row, or undefined when the project has no owner. */
export async function selectProjectPlanRow(sql: Db, projectId: string): Promise<ProjectPlanRow | undefined> {
  const [row]: [ProjectPlanRow?] = await sql`${projectPlanRow(sql, sql`${projectId}::uuid`)}`;
  return row;
}
