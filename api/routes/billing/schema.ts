import { z } from 'zod';
import { errorBody, operation } from '../../lib/openapi.ts';

/** POST /api/billing/stripe/webhook answer (the body is Stripe's signed event, read raw). */
export const stripeWebhookResponse = z.object({
  received: z.literal(true),
  duplicate: z.boolean().describe('This event id was applied before; nothing changed.'),
});

/** POST /api/billing/checkout body: the plan and billing period to buy (Free needs no checkout). */
export const checkoutBody = z.object({
  plan: z.enum(['starter', 'pro', 'scale'], { error: 'Plan must be starter, pro or scale.' }),
  period: z.enum(['monthly', 'annually'], { error: 'Billing period must be monthly or annually.' }),
});

/** POST /api/billing/checkout answer: Stripe's hosted checkout page for this account. */
export const checkoutResponse = z.object({ url: z.url() });

/** POST /api/billing/portal answer: where the browser goes to manage billing. */
export const billingPortalResponse = z.object({ url: z.url() });

/**
 * What Stripe posts to the webhook, for readers of the document only: the route never parses it with zod, it checks
 * Stripe's signature over the exact bytes first and then reads the event Stripe's library returns.
 */
export const stripeEventBody = z
  .looseObject({
    id: z.string().describe('The event id (evt_…); each is applied once.'),
    type: z
      .string()
      .describe(
        'checkout.session.completed, customer.subscription.created|updated|deleted and invoice.payment_failed are applied; others are acknowledged.',
      ),
    created: z
      .number()
      .int()
      .describe('Unix seconds; changes are ordered by it, so deliveries in any order end in the same state.'),
    data: z.looseObject({ object: z.looseObject({}) }),
  })
  .describe("Stripe's event, exactly as Stripe signed it.");

/** The header Stripe signs each delivery with; the route checks it itself (400 when missing or wrong, not 422). */
export const stripeWebhookHeaders = z.object({
  'Stripe-Signature': z
    .string()
    .describe(
      't=<unix seconds>,v1=<HMAC-SHA256 of "t.<raw body>"> with the webhook secret; older than 300 s is refused.',
    ),
});

export const operations = [
  operation({
    method: 'post',
    path: '/api/billing/stripe/webhook',
    tag: 'Billing',
    public: true,
    summary:
      "Stripe's webhook: applies subscription and checkout events to the account's plan. Called by Stripe, signed with the webhook secret instead of a sign-in.",
    headers: stripeWebhookHeaders,
    rawBody: {
      contentType: 'application/json',
      description:
        "Stripe's raw signed body: the signature covers these exact bytes, so they must reach the server unchanged (not re-serialized).",
      schema: stripeEventBody,
    },
    responses: {
      200: { description: 'Received (and applied, unless it was a duplicate).', schema: stripeWebhookResponse },
      400: {
        description:
          'Missing Stripe-Signature header, or a signature that does not match the body or is older than 300 s; nothing stored.',
        schema: errorBody,
      },
      404: { description: 'Stripe billing is not configured on this server (no webhook secret).', schema: errorBody },
    },
  }),
  operation({
    method: 'post',
    path: '/api/billing/checkout',
    tag: 'Billing',
    summary:
      "Opens a Stripe Checkout session for the signed-in account (the pricing page's plan buttons); after paying, Stripe returns to /usage. The session is recorded, so its completion links Stripe to this account only.",
    body: checkoutBody,
    responses: {
      200: { description: "Stripe's checkout page, where the browser goes.", schema: checkoutResponse },
      403: { description: 'Called with an API key: plans are bought from a signed-in session.', schema: errorBody },
      404: { description: 'Billing is not configured on this server.', schema: errorBody },
      409: {
        description: 'The account already has a live subscription (change it with Manage billing).',
        schema: errorBody,
      },
      502: { description: 'Stripe did not open the checkout; try again.', schema: errorBody },
    },
  }),
  operation({
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
  }),
];
