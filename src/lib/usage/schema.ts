import { z } from 'zod';

/** The plans of public-site §9.1, by id. */
export const planId = z.enum(['free', 'starter', 'pro', 'scale']);
export type PlanId = z.infer<typeof planId>;

/** Where an account's plan comes from: nothing bought (free), an admin, or a Stripe subscription. */
export const planSource = z.enum(['free', 'admin', 'stripe']);
export type PlanSource = z.infer<typeof planSource>;

/** An account's plan, period and posts against the allowance, plus the last 6 calendar months. */
export const usage = z.object({
  plan: planId,
  plan_name: z.string(),
  status: z.string(),
  source: planSource,
  period_start: z.iso.datetime(),
  period_end: z.iso.datetime(),
  used: z.number().int(),
  allowance: z.number().int().nullable().describe('Posts a period; null is unlimited'),
  bonus_total: z.number().int(),
  bonus_left: z.number().int(),
  remaining: z.number().int().nullable(),
  months: z.array(z.object({ month: z.string().regex(/^\d{4}-\d\d$/), posts: z.number().int() })),
  can_manage_billing: z.boolean(),
});
export type Usage = z.infer<typeof usage>;
