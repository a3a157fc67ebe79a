import Stripe from 'stripe';
import type { Config } from '../../config.ts';

/** Webhook timestamps older than this are refused (replayed captures), as Stripe recommends. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The Stripe SDK for API calls (the customer portal), or undefined when no secret key is configured. */
export function stripeClient(config: Config): Stripe | undefined {
  if (!config.STRIPE_SECRET_KEY) return undefined;
  const target = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(target
      ? {
          host: target.hostname,
          port: Number(target.port || (target.protocol === 'http:' ? 80 : 443)),
          protocol: target.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/** Checks the Stripe-Signature of the raw body (HMAC with the endpoint secret, 300 s tolerance) and parses the event. */
export function verifyStripeEvent(rawBody: Uint8Array, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
}
