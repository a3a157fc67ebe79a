import type { PendingQuery, Row as PgRow } from 'postgres';
import type { Db } from '../../db/sql.ts';
import { LIVE_STRIPE_STATUSES, type PlanId } from './plans.ts';

export interface AccountPlan {
  plan: PlanId;
  /** 'active' for Free and admin-set plans; Stripe's status (active, trialing, past_due) for a paid subscription. */
  status: string;
  /** Where the plan comes from. */
  source: 'free' | 'admin' | 'stripe';
  period_start: Date;
  period_end: Date;
  stripe_customer_id: string | null;
}

interface Row {
  plan_override: PlanId | null;
  stripe_customer_id: string | null;
  stripe_plan: Exclude<PlanId, 'free'> | null;
  stripe_status: string | null;
  current_period_start: Date | null;
  current_period_end: Date | null;
}

/** The plan an account is on now, and the period its allowance counts over: what allowances and GET /api/usage agree on. */
export async function accountPlan(sql: Db, userId: string, now = new Date()): Promise<AccountPlan> {
  const [row]: [Row?] =
    await sql`${planSelect(sql)} from subscriptions s ${liveStripePlan(sql)} where s.account_id = ${userId}`;
  return planOf(row, now);
}

/** The account paying for a project (its first owner) and its plan, in one query; undefined when the project has no owner. */
export async function projectAccountPlan(
  sql: Db,
  projectId: string,
  now = new Date(),
): Promise<ProjectPlan | undefined> {
  const [row]: [ProjectPlanRow?] = await sql`${projectPlanRow(sql, sql`${projectId}`)}`;
  return row ? projectPlanOf(row, now) : undefined;
}

export type ProjectPlan = AccountPlan & { account_id: string };
/** What projectPlanRow selects; read through to_jsonb its timestamps are strings. */
export type ProjectPlanRow = Row & { account_id: string };

/**
 * The row projectAccountPlan reads for the project `projectId` (an SQL expression), for queries that read it beside
 * something else (a lateral join): none when the project has no owner.
 */
export const projectPlanRow = (sql: Db, projectId: PendingQuery<PgRow[]>) => sql`
  ${planSelect(sql)}, o.user_id as account_id
  from (select user_id from project_members where project_id = ${projectId} and role = 'owner' order by created_at, user_id limit 1) o
  left join subscriptions s on s.account_id = o.user_id ${liveStripePlan(sql)}`;

export function projectPlanOf(row: ProjectPlanRow, now = new Date()): ProjectPlan {
  return { ...planOf(row, now), account_id: row.account_id };
}

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

function planOf(row: Row | undefined, now: Date): AccountPlan {
  const month = calendarMonth(now);
  const customer = row?.stripe_customer_id ?? null;
  if (row?.plan_override)
    return { plan: row.plan_override, status: 'active', source: 'admin', ...month, stripe_customer_id: customer };
  if (row?.stripe_plan && row.stripe_status) {
    const start = row.current_period_start && new Date(row.current_period_start);
    const end = row.current_period_end && new Date(row.current_period_end);
    const inside = start && end && start <= now && now < end;
    return {
      plan: row.stripe_plan,
      status: row.stripe_status,
      source: 'stripe',
      ...(inside ? { period_start: start, period_end: end } : month),
      stripe_customer_id: customer,
    };
  }
  return { plan: 'free', status: 'active', source: 'free', ...month, stripe_customer_id: customer };
}

/** The UTC calendar month around a moment: the period of Free and admin-set plans. */
export function calendarMonth(now: Date): { period_start: Date; period_end: Date } {
  return {
    period_start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    period_end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}
