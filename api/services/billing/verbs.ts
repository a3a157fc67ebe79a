import type { ServiceContext } from '../../lib/context.ts';
import { ConflictError, NotFoundError, UpstreamError } from '../../lib/errors.ts';
import { assertSignedIn } from '../signed-in.ts';
import { accountPlan } from '../usage/account-plan.ts';
import { stripeClient } from './stripe.ts';
import { actingUser } from '../actor.ts';

/** "Manage billing": a Stripe customer-portal session for the caller's Stripe customer, to which the browser goes. */
export async function createBillingPortal({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { returnUrl: string };
}): Promise<{ url: string }> {
  // A portal session is a link into the account's billing: not something a leaked API key may open.
  assertSignedIn(ctx, 'Billing can only be managed from a signed-in session, not with an API key.');
  const stripe = stripeClient(ctx.config);
  if (!stripe) throw new NotFoundError('Billing is not configured on this server.');
  const { stripe_customer_id: customer } = await accountPlan(ctx.sql, actingUser(ctx).id);
  if (!customer) throw new ConflictError('There is no billing account yet. Choose a plan on /pricing first.');
  try {
    const session = await stripe.billingPortal.sessions.create({ customer, return_url: input.returnUrl });
    return { url: session.url };
  } catch {
    throw new UpstreamError('Stripe did not open the billing portal. Please try again.');
  }
}
