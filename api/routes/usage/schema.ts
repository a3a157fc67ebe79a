import { z } from 'zod';

const planId = z.enum(['free', 'starter', 'pro', 'scale']);

/** GET /api/usage: the caller's plan, period and posts against the allowance, plus the last 6 calendar months. */
export const usageResponse = z.object({
  plan: planId,
  plan_name: z.string(),
  status: z.string(),
  source: z.enum(['free', 'admin', 'stripe']),
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
