import type { ServiceContext } from '../../lib/context.ts';
import { calendarMonth } from './account-plan.ts';
import { accountUsage } from './allowance.ts';
import { PLAN_NAMES, SIGNUP_BONUS_POSTS } from './plans.ts';
import { postsPerMonth } from './queries/usage-events.ts';
import { actingUser } from '../actor.ts';
import type { Usage } from '../../../src/lib/usage/schema.ts';

const CHART_MONTHS = 6;

/** The caller's plan, this period's posts against the allowance, the bonus left and the last 6 months: the Usage page. */
export async function getUsage({ ctx, now = new Date() }: { ctx: ServiceContext; now?: Date }): Promise<Usage> {
  const usage = await accountUsage(ctx.sql, actingUser(ctx).id, now);
  const thisMonth = calendarMonth(now);
  const counted = new Map(
    (await postsPerMonth(ctx.sql, actingUser(ctx).id, thisMonth.period_end)).map((row) => [row.month, row.posts]),
  );
  const months = Array.from({ length: CHART_MONTHS }, (_, index) => {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (CHART_MONTHS - 1 - index), 1));
    const month = start.toISOString().slice(0, 7);
    return { month, posts: counted.get(month) ?? 0 };
  });
  const free = usage.plan === 'free';
  return {
    plan: usage.plan,
    plan_name: PLAN_NAMES[usage.plan],
    status: usage.status,
    source: usage.source,
    period_start: usage.period_start.toISOString(),
    period_end: usage.period_end.toISOString(),
    used: usage.used,
    allowance: usage.allowance,
    bonus_total: free ? SIGNUP_BONUS_POSTS : 0,
    bonus_left: usage.bonus_left,
    remaining: usage.allowance === null ? null : Math.max(0, usage.allowance - usage.used) + usage.bonus_left,
    months,
    can_manage_billing: Boolean(ctx.config.STRIPE_SECRET_KEY && usage.stripe_customer_id),
  };
}
