// Stripe webhooks, signed with the stripe SDK's own test helper: bad signature or old timestamp → 400 and nothing
// stored, a redelivered event applied once, events in any order reaching the right final plan.
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { call, signInUser, testApp, testSql } from './helpers.ts';

const SECRET = 'whsec_test_secret';
const PRICES = { starter: 'price_starter_test', pro: 'price_pro_test', scale: 'price_scale_test' };
const app = testApp({
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_PRICE_PLANS: `${PRICES.starter}:starter,${PRICES.pro}:pro,${PRICES.scale}:scale`,
});

const base = Math.floor(Date.now() / 1000);

function event(type: string, object: Record<string, unknown>, created: number) {
  return {
    id: `evt_${randomUUID()}`,
    object: 'event',
    type,
    created,
    api_version: '2025-10-29.clover',
    data: { object },
  };
}

/** The completion of a Checkout session (which the server made and recorded: see newAccount). */
function checkout(sessionId: string, customer: string, created: number) {
  return event(
    'checkout.session.completed',
    {
      id: sessionId,
      object: 'checkout.session',
      client_reference_id: null,
      customer,
      subscription: null,
    },
    created,
  );
}

function subscription(
  type: 'created' | 'updated' | 'deleted',
  id: string,
  customer: string,
  price: string,
  status: string,
  created: number,
) {
  const period = { current_period_start: base - 86_400, current_period_end: base + 29 * 86_400 };
  return event(
    `customer.subscription.${type}`,
    {
      id,
      object: 'subscription',
      customer,
      status,
      items: { object: 'list', data: [{ id: `si_${id}`, price: { id: price }, ...period }] },
    },
    created,
  );
}

function paymentFailed(subscriptionId: string, customer: string, created: number) {
  return event(
    'invoice.payment_failed',
    {
      id: `in_${randomUUID()}`,
      object: 'invoice',
      customer,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
    },
    created,
  );
}

async function deliver(payload: object, options: { secret?: string; timestamp?: number } = {}) {
  const body = JSON.stringify(payload);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  const response = await app.request('/api/billing/stripe/webhook', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
  return { status: response.status, body: await response.json() };
}

/** A signed-in account with a Checkout session recorded for it, as POST /api/billing/checkout leaves one. */
async function newAccount() {
  const user = await signInUser();
  const me = await call(app, 'GET', '/api/users/me/', { token: user.token });
  const session = `cs_${randomUUID()}`;
  await testSql()`
    insert into stripe_checkout_sessions (id, account_id, plan, price_id) values (${session}, ${me.body.id}, 'pro', ${PRICES.pro})`;
  return {
    ...user,
    session,
    customer: `cus_${randomUUID().slice(0, 12)}`,
    subscription: `sub_${randomUUID().slice(0, 12)}`,
  };
}

async function planOf(token: string) {
  return (await call(app, 'GET', '/api/usage', { token })).body;
}

async function storedEvents(id: string) {
  return (await testSql()`select id from stripe_events where id = ${id}`).length;
}

describe('Stripe webhook', () => {
  it('puts the account on the plan of its price after checkout and the subscription', async () => {
    const account = await newAccount();

    expect((await deliver(checkout(account.session, account.customer, base))).status).toBe(200);
    expect(
      (await deliver(subscription('created', account.subscription, account.customer, PRICES.pro, 'active', base + 1)))
        .status,
    ).toBe(200);

    const usage = await planOf(account.token);
    expect(usage).toMatchObject({ plan: 'pro', plan_name: 'Pro', status: 'active', source: 'stripe', allowance: 30 });
    expect(usage.period_end).toBe(new Date((base + 29 * 86_400) * 1000).toISOString());
  });

  it('refuses a bad signature with 400 and stores nothing', async () => {
    const account = await newAccount();
    const payload = checkout(account.session, account.customer, base);

    const response = await deliver(payload, { secret: 'whsec_wrong' });

    expect(response.status).toBe(400);
    expect(response.body.detail).toBe('Invalid Stripe signature.');
    expect(await storedEvents(payload.id)).toBe(0);
    expect((await testSql()`select 1 from subscriptions where stripe_customer_id = ${account.customer}`).length).toBe(
      0,
    );
  });

  it('refuses a missing signature and a body changed after signing', async () => {
    const payload = subscription('created', 'sub_x', 'cus_x', PRICES.pro, 'active', base);
    const body = JSON.stringify(payload);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET });

    const missing = await app.request('/api/billing/stripe/webhook', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    const tampered = await app.request('/api/billing/stripe/webhook', {
      method: 'POST',
      body: body.replace(PRICES.pro, PRICES.scale),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });

    expect(missing.status).toBe(400);
    expect(tampered.status).toBe(400);
    expect(await storedEvents(payload.id)).toBe(0);
  });

  it('refuses a signature older than 300 seconds with 400 and stores nothing', async () => {
    const account = await newAccount();
    const payload = subscription('created', account.subscription, account.customer, PRICES.pro, 'active', base);

    const response = await deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 });

    expect(response.status).toBe(400);
    expect(await storedEvents(payload.id)).toBe(0);
  });

  it('applies a redelivered event once', async () => {
    const account = await newAccount();
    await deliver(checkout(account.session, account.customer, base));
    const created = subscription('created', account.subscription, account.customer, PRICES.starter, 'active', base + 1);
    await deliver(created);
    await deliver(subscription('updated', account.subscription, account.customer, PRICES.pro, 'active', base + 2));

    // The same created event again (Stripe retries) must not roll the plan back to Starter.
    const replay = await deliver(created);

    expect(replay).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await storedEvents(created.id)).toBe(1);
    expect((await planOf(account.token)).plan).toBe('pro');
  });

  it('reaches the right plan whatever order the events arrive in', async () => {
    const account = await newAccount();
    const events = [
      checkout(account.session, account.customer, base),
      subscription('created', account.subscription, account.customer, PRICES.starter, 'incomplete', base + 1),
      subscription('updated', account.subscription, account.customer, PRICES.starter, 'active', base + 2),
      subscription('updated', account.subscription, account.customer, PRICES.scale, 'active', base + 3),
    ];

    for (const payload of [...events].reverse()) expect((await deliver(payload)).status).toBe(200);

    expect(await planOf(account.token)).toMatchObject({ plan: 'scale', status: 'active', allowance: null });
  });

  it('ends on Free when the deletion arrives before the updates it follows', async () => {
    const account = await newAccount();
    await deliver(subscription('deleted', account.subscription, account.customer, PRICES.pro, 'canceled', base + 5));
    await deliver(subscription('updated', account.subscription, account.customer, PRICES.pro, 'active', base + 2));
    await deliver(checkout(account.session, account.customer, base));
    await deliver(subscription('created', account.subscription, account.customer, PRICES.pro, 'active', base + 1));

    expect(await planOf(account.token)).toMatchObject({ plan: 'free', source: 'free' });
  });

  it('marks a failed payment past_due, keeps the plan, and a later recovery wins over an older failure', async () => {
    const account = await newAccount();
    await deliver(checkout(account.session, account.customer, base));
    await deliver(subscription('created', account.subscription, account.customer, PRICES.starter, 'active', base + 1));

    await deliver(paymentFailed(account.subscription, account.customer, base + 3));
    expect(await planOf(account.token)).toMatchObject({ plan: 'starter', status: 'past_due' });

    await deliver(subscription('updated', account.subscription, account.customer, PRICES.starter, 'active', base + 4));
    await deliver(paymentFailed(account.subscription, account.customer, base + 2)); // an older failure, late
    expect(await planOf(account.token)).toMatchObject({ plan: 'starter', status: 'active' });
  });

  it('keeps the plan from the subscription when a payment failure arrives before it', async () => {
    const account = await newAccount();
    await deliver(paymentFailed(account.subscription, account.customer, base + 3));
    await deliver(subscription('created', account.subscription, account.customer, PRICES.pro, 'active', base + 1));
    await deliver(checkout(account.session, account.customer, base));

    expect(await planOf(account.token)).toMatchObject({ plan: 'pro', status: 'past_due' });
  });

  it('answers 404 when no webhook secret is configured', async () => {
    const bare = testApp();
    const body = JSON.stringify(checkout('cs_x', 'cus_y', base));
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET });

    const response = await bare.request('/api/billing/stripe/webhook', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });

    expect(response.status).toBe(404);
  });
});
