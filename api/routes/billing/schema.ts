import { z } from 'zod';

/** POST /api/billing/stripe/webhook answer (the body is Stripe's signed event, read raw). */
export const stripeWebhookResponse = z.object({
  received: z.literal(true),
  duplicate: z.boolean().describe('This event id was applied before; nothing changed.'),
});

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
