import { Hono } from 'hono';
import type { AppEnv } from '../../lib/hono.ts';
import { createBillingPortal } from '../../services/billing/verbs.ts';
import { handleStripeWebhook } from '../../services/billing/webhook.ts';

/** /api/billing: Stripe's webhook (public, signature-checked over the raw body) and the customer portal. */
export const billingRoutes = new Hono<AppEnv>()
  .post('/stripe/webhook', async (c) => {
    const { sql, config } = c.get('deps');
    const rawBody = new Uint8Array(await c.req.arrayBuffer());
    return c.json(await handleStripeWebhook({ sql, config, rawBody, signature: c.req.header('stripe-signature') }));
  })
  .post('/portal', async (c) => {
    const origin = new URL(c.req.url).origin;
    return c.json(await createBillingPortal({ ctx: c.get('ctx'), input: { returnUrl: `${origin}/usage` } }));
  });
