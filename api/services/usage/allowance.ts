import type { Db, Sql } from '../../db/sql.ts';
import { LimitExceededError, NotFoundError } from '../../lib/errors.ts';
import { accountPlan, type AccountPlan, projectAccountPlan, type ProjectPlan } from './account-plan.ts';
import { MONTHLY_POSTS, PLAN_NAMES, SIGNUP_BONUS_POSTS } from './plans.ts';
import { selectBilledOwner } from './queries/billed-owner.ts';
import { countPosts, countRunsInFlight, lockAccountAllowance, postsPerMonth } from './queries/usage-events.ts';

export interface AccountUsage extends AccountPlan {
  /** Posts generated in the current period. */
  used: number;
  /** Posts a period on this plan; null is unlimited. */
  allowance: number | null;
  /** Sign-up bonus posts still unused (Free only; 0 on other plans). */
  bonus_left: number;
  /** Bonus posts left before this period started: the part of the bonus this period may use. */
  bonus_at_period_start: number;
}

/**
 * What an account has used against its plan. The sign-up bonus is spent by Free posts beyond the monthly 2: every
 * earlier calendar month's posts beyond 2 have used it (see docs/decisions.md, issue 16).
 */
export async function accountUsage(sql: Db, accountId: string, now = new Date()): Promise<AccountUsage> {
  const plan = await accountPlan(sql, accountId, now);
  const used = await countPosts(sql, accountId, plan.period_start, plan.period_end);
  const allowance = MONTHLY_POSTS[plan.plan];
  if (plan.plan !== 'free') return { ...plan, used, allowance, bonus_left: 0, bonus_at_period_start: 0 };
  const monthly = MONTHLY_POSTS.free;
  const earlier = await postsPerMonth(sql, accountId, plan.period_start);
  const spent = earlier.reduce((total, month) => total + Math.max(0, month.posts - monthly), 0);
  const atStart = Math.max(0, SIGNUP_BONUS_POSTS - spent);
  const bonus_left = Math.max(0, atStart - Math.max(0, used - monthly));
  return { ...plan, used, allowance, bonus_left, bonus_at_period_start: atStart };
}

/**
 * Refuses a new post for a project whose paying account (its first owner) has used its plan's allowance, counting
 * runs already under way; called before a run is queued, so a refused run never reaches the AI.
 */
export async function assertPostAllowance({
  sql,
  projectId,
  now = new Date(),
}: {
  sql: Db;
  projectId: string;
  now?: Date;
}): Promise<void> {
  const accountId = await selectBilledOwner(sql, projectId);
  if (!accountId) throw new NotFoundError('Project not found.');
  await assertAccountAllowance(sql, accountId, now);
}

/**
 * Records a new post's run through `start` once the project's paying account may have one more. An unlimited plan has
 * nothing to overrun, so its starts run at once and side by side (thousands a minute from one account must not queue
 * behind one lock); a plan that changes during such a start counts it as started before the change. Any other plan
 * checks and records in one transaction under the account's lock, so concurrent starts cannot overrun it. `known`:
 * the project's account and plan when the caller has just read them (projectPlanRow).
 */
export async function withPostAllowance<T>(
  sql: Sql,
  projectId: string,
  start: (db: Db) => Promise<T>,
  known?: ProjectPlan,
): Promise<T> {
  const account = known ?? (await projectAccountPlan(sql, projectId));
  if (!account) throw new NotFoundError('Project not found.');
  if (MONTHLY_POSTS[account.plan] === null) return start(sql);
  return (await sql.begin(async (tx) => {
    await assertAccountAllowance(tx, account.account_id, new Date());
    return start(tx);
  })) as T;
}

async function assertAccountAllowance(sql: Db, accountId: string, now: Date): Promise<void> {
  // Inside the transaction that inserts the run, this serialises one account's starts: the second waits for the
  // first to commit, then counts its run as in flight. Outside a transaction the lock ends with the statement.
  await lockAccountAllowance(sql, accountId);
  const usage = await accountUsage(sql, accountId, now);
  if (usage.allowance === null) return;
  const committed = usage.used + (await countRunsInFlight(sql, accountId));
  if (committed < usage.allowance + usage.bonus_at_period_start) return;
  throw new LimitExceededError(refusal(usage));
}

function refusal(usage: AccountUsage): string {
  const name = PLAN_NAMES[usage.plan];
  if (usage.plan === 'free') {
    return `Your ${name} plan includes ${usage.allowance} posts a month plus ${SIGNUP_BONUS_POSTS} bonus posts on sign-up, and you have used them. Upgrade on /pricing to generate more posts.`;
  }
  return `Your ${name} plan includes ${usage.allowance} posts a month, and you have used them this period. Upgrade on /pricing to generate more posts.`;
}
