import type Stripe from 'stripe';
import type { ServiceContext } from '../../lib/context.ts';
import { ConflictError, UpstreamError } from '../../lib/errors.ts';
import { stripeClient } from '../billing/stripe.ts';
import { LIVE_STRIPE_STATUSES } from '../usage/plans.ts';
import { liveSubscriptionsOf } from './queries/erase.ts';
import { actingUser } from '../actor.ts';

export const BILLING_NOT_CONFIGURED =
  'Your paid subscription cannot be cancelled from here because billing is not configured on this server. Nothing was deleted; please contact support to close your account.';
export const STRIPE_REFUSED =
  'Stripe did not cancel your subscription, so nothing was deleted. Please try again in a moment, or cancel it under Manage billing first.';

/**
 * Ends the account's paid subscriptions at Stripe before the account goes, so a deleted account is never billed
 * again: cancelled at once, no final invoice and no proration (the days left of the period are not refunded by
 * this; support can). A subscription Stripe no longer knows counts as ended. When Stripe refuses or cannot be
 * reached, or billing is not configured here, nothing is deleted and the caller is told why.
 */
export async function cancelLiveSubscriptions(ctx: ServiceContext): Promise<string[]> {
  const live = await liveSubscriptionsOf(ctx.sql, actingUser(ctx).id, LIVE_STRIPE_STATUSES);
  if (!live.length) return [];
  const stripe = stripeClient(ctx.config);
  if (!stripe) throw new ConflictError(BILLING_NOT_CONFIGURED);
  for (const subscription of live) {
    try {
      await stripe.subscriptions.cancel(subscription.id, {
        invoice_now: false,
        prorate: false,
        cancellation_details: { comment: 'The customer deleted their Inkpilot account.' },
      });
    } catch (error) {
      if ((error as Stripe.errors.StripeError).code === 'resource_missing') continue;
      throw new UpstreamError(STRIPE_REFUSED);
    }
  }
  return live.map((subscription) => subscription.id);
}
