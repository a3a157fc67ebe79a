import { z } from 'zod';
import { operation } from '../../lib/openapi.ts';

/** The plans of public-site §9.1, by id. */
export const planId = z.enum(['free', 'starter', 'pro', 'scale']);
/** Where an account's plan comes from: nothing bought (free), an admin, or a Stripe subscription. */
export const planSource = z.enum(['free', 'admin', 'stripe']);

/** GET /api/usage: the caller's plan, period and posts against the allowance, plus the last 6 calendar months. */
export const usageResponse = z.object({
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

export const operations = [
  operation({
    method: 'get',
    path: '/api/usage',
    tag: 'Usage',
    summary:
      "The caller's plan and this period's posts against its allowance, with the bonus left and the last 6 calendar months.",
    responses: { 200: { description: 'The usage of the signed-in account.', schema: usageResponse } },
  }),
];
