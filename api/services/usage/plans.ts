import type { Plan } from '../../../src/data/plans.ts';

export type PlanId = Plan['id'];

/** Posts a month per plan (public-site §9.1); null is unlimited. */
export const MONTHLY_POSTS = { free: 2, starter: 15, pro: 30, scale: null } as const satisfies Record<
  PlanId,
  number | null
>;

/** Free accounts get this many extra posts once, on sign-up (public-site §9.1). */
export const SIGNUP_BONUS_POSTS = 3;

export const PLAN_NAMES: Record<PlanId, string> = { free: 'Free', starter: 'Starter', pro: 'Pro', scale: 'Scale' };

export const PLAN_IDS = ['free', 'starter', 'pro', 'scale'] as const satisfies readonly PlanId[];

/** Stripe statuses under which a subscription's plan applies (past_due: Stripe is still retrying the payment). */
export const LIVE_STRIPE_STATUSES = ['active', 'trialing', 'past_due'] as const;
