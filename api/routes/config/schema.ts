import { z } from 'zod';

/** GET /api/public-config: what the browser needs at run time; no secrets. */
export const publicConfig = z.object({
  firebase: z.object({
    apiKey: z.string(),
    authDomain: z.string(),
    projectId: z.string(),
    appId: z.string().nullable(),
  }),
  auth_emulator_url: z.string().nullable(),
  stripe: z.object({
    checkout: z
      .array(z.object({ plan: z.enum(['starter', 'pro', 'scale']), period: z.enum(['monthly', 'annually']) }))
      .describe('The plans and billing periods the pricing page can open a checkout for; empty without Stripe.'),
  }),
  gtm_id: z.string().nullable(),
  support_email: z.string(),
});
