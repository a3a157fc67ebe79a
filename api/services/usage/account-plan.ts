import type { Db } from '../../db/sql.ts';
import type { PlanId } from './plans.ts';
import {
  type AccountPlanRow,
  type ProjectPlanRow,
  selectAccountPlanRow,
  selectProjectPlanRow,
} from './queries/account-plans.ts';

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

/** The plan an account is on now, and the period its allowance counts over: what allowances and GET /api/usage agree on. */
export async function accountPlan(sql: Db, userId: string, now = new Date()): Promise<AccountPlan> {
  return planOf(await selectAccountPlanRow(sql, userId), now);
}

/** The account paying for a project (its first owner) and its plan, in one query; undefined when the project has no owner. */
export async function projectAccountPlan(
  sql: Db,
  projectId: string,
  now = new Date(),
): Promise<ProjectPlan | undefined> {
  const row = await selectProjectPlanRow(sql, projectId);
  return row ? projectPlanOf(row, now) : undefined;
}

export type ProjectPlan = AccountPlan & { account_id: string };
export function projectPlanOf(row: ProjectPlanRow, now = new Date()): ProjectPlan {
  return { ...planOf(row, now), account_id: row.account_id };
}

function planOf(row: AccountPlanRow | undefined, now: Date): AccountPlan {
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
