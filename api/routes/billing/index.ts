import { errorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { createBillingPortal } from '../../services/billing/verbs.ts';
import { handleStripeWebhook } from '../../services/billing/webhook.ts';
import { billingPortalResponse, stripeEventBody, stripeWebhookHeaders, stripeWebhookResponse } from './schema.ts';

/** POST /api/billing/stripe/webhook: Stripe's events, public and signature-checked over the raw body. */
export const stripeWebhookRoute = defineRoute({
  method: 'post',
  path: '/api/billing/stripe/webhook',
  tag: 'Billing',
  public: true,
  summary:
    "Stripe's webhook: applies subscription and checkout events to the account's plan. Called by Stripe, signed with the webhook secret instead of a sign-in.",
  headers: stripeWebhookHeaders,
  body: stripeEventBody,
  bodyKind: 'raw',
  bodyDescription:
    "Stripe's raw signed body: the signature covers these exact bytes, so they must reach the server unchanged (not re-serialized).",
  responses: {
    200: { description: 'Received (and applied, unless it was a duplicate).', schema: stripeWebhookResponse },
    400: {
      description:
        'Missing Stripe-Signature header, or a signature that does not match the body or is older than 300 s; nothing stored.',
      schema: errorBody,
    },
    404: { description: 'Stripe billing is not configured on this server (no webhook secret).', schema: errorBody },
  },
  handler: async (c) => {
    const { sql, config } = c.get('deps');
    const rawBody = new Uint8Array(await c.req.arrayBuffer());
    return c.json(await handleStripeWebhook({ sql, config, rawBody, signature: c.req.header('stripe-signature') }));
  },
});

/** POST /api/billing/portal: a Stripe customer-portal session ("Manage billing"), back to /usage. */
export const billingPortalRoute = defineRoute({
  method: 'post',
  path: '/api/billing/portal',
  tag: 'Billing',
  summary:
    'Opens a Stripe customer-portal session for the caller\'s billing account ("Manage billing"); it returns to /usage. No body.',
  responses: {
    200: { description: 'Where the browser goes.', schema: billingPortalResponse },
    403: { description: 'Called with an API key: billing is managed from a signed-in session.', schema: errorBody },
    404: { description: 'Billing is not configured on this server.', schema: errorBody },
    409: {
      description: 'The account has no billing account yet (never checked out on /pricing).',
      schema: errorBody,
    },
    502: { description: 'Stripe did not open the portal; try again.', schema: errorBody },
  },
  handler: async (c) => {
    const origin = new URL(c.req.url).origin;
    return c.json(await createBillingPortal({ ctx: c.get('ctx'), input: { returnUrl: `${origin}/usage` } }));
  },
});

/** /api/billing: Stripe's webhook and the customer portal. */
export const billingRoutes = [stripeWebhookRoute, billingPortalRoute];
