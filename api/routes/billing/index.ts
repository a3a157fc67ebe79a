import { Hono } from 'hono';
import type { AppEnv } from '../../lib/hono.ts';
import { parseJson } from '../../lib/validate.ts';
import { createCheckout } from '../../services/billing/checkout.ts';
import { createBillingPortal } from '../../services/billing/verbs.ts';
import { checkoutBody } from './schema.ts';
import { handleStripeWebhook } from '../../services/billing/webhook.ts';

/** /api/billing: Stripe's webhook (public, signature-checked over the raw body), checkout and the customer portal. */
export const billingRoutes = new Hono<AppEnv>()
  .post('/stripe/webhook', async (c) => {
    const { sql, config } = c.get('deps');
    const rawBody = new Uint8Array(await c.req.arrayBuffer());
    return c.json(await handleStripeWebhook({ sql, config, rawBody, signature: c.req.header('stripe-signature') }));
  })
  .post('/checkout', async (c) => {
    const body = await parseJson(c, checkoutBody);
    const origin = new URL(c.req.url).origin;
    return c.json(await createCheckout({ ctx: c.get('ctx'), input: { ...body, origin } }));
  })
  .post('/portal', async (c) => {
    const origin = new URL(c.req.url).origin;
    return c.json(await createBillingPortal({ ctx: c.get('ctx'), input: { returnUrl: `${origin}/usage` } }));
  });
