import { z } from 'zod';

/** POST /api/billing/stripe/webhook answer (the body is Stripe's signed event, read raw). */
export const stripeWebhookResponse = z.object({ received: z.literal(true), duplicate: z.boolean() });

/** POST /api/billing/portal answer: where the browser goes to manage billing. */
export const billingPortalResponse = z.object({ url: z.url() });
