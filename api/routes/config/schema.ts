import { z } from 'zod';
import { operation } from '../../lib/openapi.ts';

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

export const operations = [
  operation({
    method: 'get',
    path: '/api/public-config',
    tag: 'Meta',
    public: true,
    summary: 'What the browser needs at run time; no secrets.',
    responses: { 200: { description: 'Public settings.', schema: publicConfig } },
  }),
];
