import type { BillingPeriod, Config, PaidPlan } from '../../config.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { ConflictError, NotFoundError, UpstreamError, ValidationError } from '../../lib/errors.ts';
import { actingUser } from '../actor.ts';
import { assertSignedIn } from '../signed-in.ts';
import { PLAN_NAMES } from '../usage/plans.ts';
import { accountPlan } from '../usage/account-plan.ts';
import { hasLiveSubscription, insertCheckoutSession } from './queries.ts';
import { stripeClient } from './stripe.ts';

/** The plans and billing periods this server can sell: one Stripe price each, from STRIPE_PRICE_PLANS. */
export function checkoutOffers(config: Config): { plan: PaidPlan; period: BillingPeriod }[] {
  if (!config.STRIPE_SECRET_KEY) return [];
  return Object.values(config.STRIPE_PRICE_PLANS).map(({ plan, period }) => ({ plan, period }));
}

function priceFor(config: Config, plan: PaidPlan, period: BillingPeriod): string | undefined {
  return Object.entries(config.STRIPE_PRICE_PLANS).find(
    ([, offer]) => offer.plan === plan && offer.period === period,
  )?.[0];
}

/**
 * A Stripe Checkout session for the signed-in account, made here with the secret key and recorded, so that its
 * completion links the Stripe customer to this account and to no other (the page never names the account). An account
 * that already pays goes to the billing portal instead of buying a second subscription.
 */
export async function createCheckout({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { plan: PaidPlan; period: BillingPeriod; origin: string };
}): Promise<{ url: string }> {
  assertSignedIn(ctx, 'Plans can only be bought from a signed-in session, not with an API key.');
  const stripe = stripeClient(ctx.config);
  if (!stripe) throw new NotFoundError('Billing is not configured on this server.');
  const price = priceFor(ctx.config, input.plan, input.period);
  if (!price) {
    throw new ValidationError([
      {
        loc: ['body', 'period'],
        msg: `The ${PLAN_NAMES[input.plan]} plan cannot be bought ${input.period} here. Choose another plan or billing period.`,
        type: 'value_error',
      },
    ]);
  }
  const user = actingUser(ctx);
  const customer = (await accountPlan(ctx.sql, user.id)).stripe_customer_id;
  if (customer && (await hasLiveSubscription(ctx.sql, customer))) {
    throw new ConflictError('You already have a subscription. Change or cancel it with Manage billing on /usage.');
  }
  let session: { id: string; url: string | null };
  try {
    session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price, quantity: 1 }],
      success_url: `${input.origin}/usage?checkout=success`,
      cancel_url: `${input.origin}/pricing`,
      client_reference_id: user.id,
      ...(customer ? { customer } : { customer_email: user.email }),
      metadata: { account_id: user.id, plan: input.plan },
      subscription_data: { metadata: { account_id: user.id, plan: input.plan } },
    });
  } catch {
    throw new UpstreamError('Stripe did not open the checkout. Please try again.');
  }
  if (!session.url) throw new UpstreamError('Stripe did not open the checkout. Please try again.');
  await insertCheckoutSession(ctx.sql, { id: session.id, account_id: user.id, plan: input.plan, price_id: price });
  return { url: session.url };
}
