// Checkout on the server (issue 22): POST /api/billing/checkout makes a Stripe Checkout session for the signed-in
// account against a loopback fake Stripe, records it, and only such a session's completion links a Stripe customer,
// to the account it was made for. client_reference_id (which a page can set to anything) names no one, and no event
// moves a customer off another account or replaces a link to a live subscription.
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutResponse } from '../../api/routes/billing/schema.ts';
import { listen } from '../fixtures/listen.mjs';
import { STRIPE_FIXTURE_KEY, startStripeFixture } from '../fixtures/stripe/server.mjs';
import { call, signInUser, testApp, testSql, type TestUser } from './helpers.ts';

const SECRET = 'whsec_checkout_test';
const PRICES = {
  proMonthly: 'price_pro_monthly',
  proAnnually: 'price_pro_annually',
  starterMonthly: 'price_starter_monthly',
  scaleMonthly: 'price_scale_monthly',
  unknownToStripe: 'price_deleted_in_stripe',
};
let stripe: Awaited<ReturnType<typeof startStripeFixture>>;
let app: ReturnType<typeof testApp>;
let server: { origin: string; stop: () => Promise<void> };

beforeAll(async () => {
  stripe = await startStripeFixture(0, {
    prices: Object.values(PRICES).filter((price) => price !== PRICES.unknownToStripe),
  });
  app = testApp({
    STRIPE_SECRET_KEY: STRIPE_FIXTURE_KEY,
    STRIPE_API_URL: stripe.origin,
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_PRICE_PLANS: [
      `${PRICES.proMonthly}:pro:monthly`,
      `${PRICES.proAnnually}:pro:annually`,
      `${PRICES.starterMonthly}:starter`,
      `${PRICES.unknownToStripe}:scale:annually`,
    ].join(','),
  });
  server = await listen(app);
  stripe.sendWebhooksTo(`${server.origin}/api/billing/stripe/webhook`, SECRET);
});
afterAll(async () => {
  await server.stop();
  await stripe.stop();
});

async function account(): Promise<TestUser & { id: string }> {
  const user = await signInUser();
  const me = await call(app, 'GET', '/api/users/me/', { token: user.token });
  return { ...user, id: me.body.id as string };
}

/** A Stripe event delivered to the webhook, signed with its secret as Stripe signs it. */
async function deliver(type: string, object: Record<string, unknown>) {
  const body = JSON.stringify({
    id: `evt_${randomUUID()}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    api_version: '2025-10-29.clover',
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET });
  const response = await app.request('/api/billing/stripe/webhook', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
  expect(response.status).toBe(200);
}

const completed = (session: string, customer: string, clientReferenceId: string | null) =>
  deliver('checkout.session.completed', {
    id: session,
    object: 'checkout.session',
    client_reference_id: clientReferenceId,
    customer,
    subscription: null,
  });

/** A live subscription of `customer`, linked to the account, as a paid checkout leaves it. */
async function paying(user: { id: string }, plan = 'pro') {
  const customer = `cus_${randomUUID().slice(0, 12)}`;
  await testSql()`insert into subscriptions (account_id, stripe_customer_id) values (${user.id}, ${customer})`;
  await testSql()`
    insert into stripe_subscriptions (id, customer_id, plan, status, event_created, status_event_created)
    values (${`sub_${randomUUID().slice(0, 12)}`}, ${customer}, ${plan}, 'active', now(), now())`;
  return customer;
}

const linkedCustomer = async (user: { id: string }) =>
  (await testSql()`select stripe_customer_id from subscriptions where account_id = ${user.id}`)[0]
    ?.stripe_customer_id ?? null;

describe('checkout on the server', () => {
  it('opens a Checkout session for the signed-in account, and paying it puts that account on the plan', async () => {
    const user = await account();

    const opened = await call(app, 'POST', '/api/billing/checkout', {
      token: user.token,
      body: { plan: 'pro', period: 'monthly' },
    });

    expect(opened.status).toBe(200);
    expect(checkoutResponse.safeParse(opened.body).error).toBeUndefined();
    expect(stripe.calls.at(-1)).toMatchObject({
      path: '/v1/checkout/sessions',
      form: {
        mode: 'subscription',
        'line_items[0][price]': PRICES.proMonthly,
        'line_items[0][quantity]': '1',
        client_reference_id: user.id,
        customer_email: user.email,
        'metadata[account_id]': user.id,
        success_url: 'http://localhost/usage?checkout=success',
        cancel_url: 'http://localhost/pricing',
      },
    });
    const page = await fetch(opened.body.url);
    expect(page.status).toBe(200);

    const paid = await fetch(opened.body.url, { method: 'POST', redirect: 'manual' });

    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('http://localhost/usage?checkout=success');
    expect(stripe.deliveries.slice(-2)).toEqual([
      { type: 'customer.subscription.created', status: 200 },
      { type: 'checkout.session.completed', status: 200 },
    ]);
    expect((await call(app, 'GET', '/api/usage', { token: user.token })).body).toMatchObject({
      plan: 'pro',
      source: 'stripe',
      can_manage_billing: true,
    });
  });

  it('buys the annual price for the annual period, and passes a returning customer instead of an email', async () => {
    const user = await account();
    const customer = `cus_${randomUUID().slice(0, 12)}`;
    await testSql()`insert into subscriptions (account_id, stripe_customer_id) values (${user.id}, ${customer})`;

    const opened = await call(app, 'POST', '/api/billing/checkout', {
      token: user.token,
      body: { plan: 'pro', period: 'annually' },
    });

    expect(opened.status).toBe(200);
    expect(stripe.calls.at(-1)?.form).toMatchObject({ 'line_items[0][price]': PRICES.proAnnually, customer });
    expect(stripe.calls.at(-1)?.form.customer_email).toBeUndefined();
  });

  it('a signed checkout naming another account in client_reference_id links nothing to that account', async () => {
    const victim = await account();
    const victimCustomer = await paying(victim);
    const attacker = await account();
    const attackerCustomer = `cus_${randomUUID().slice(0, 12)}`;

    // A checkout the pricing table (or a payment link) opened with client_reference_id set by page script.
    await completed(`cs_${randomUUID()}`, attackerCustomer, victim.uid);
    await completed(`cs_${randomUUID()}`, attackerCustomer, victim.id);

    expect(await linkedCustomer(victim)).toBe(victimCustomer);
    expect(await testSql()`select 1 from subscriptions where stripe_customer_id = ${attackerCustomer}`).toHaveLength(0);
    expect((await call(app, 'GET', '/api/usage', { token: victim.token })).body.plan).toBe('pro');
    expect(await linkedCustomer(attacker)).toBeNull();
  });

  it("links a session's customer to the account the server made it for, whatever client_reference_id says", async () => {
    const buyer = await account();
    const other = await account();
    const opened = await call(app, 'POST', '/api/billing/checkout', {
      token: buyer.token,
      body: { plan: 'starter', period: 'monthly' },
    });
    const session = [...stripe.sessions.values()].find((item) => item.url === opened.body.url)!;
    const customer = `cus_${randomUUID().slice(0, 12)}`;

    await completed(session.id, customer, other.uid);

    expect(await linkedCustomer(buyer)).toBe(customer);
    expect(await linkedCustomer(other)).toBeNull();
  });

  it('never replaces a link to a live subscription, nor moves a customer linked to another account', async () => {
    const payer = await account();
    const payerCustomer = await paying(payer);
    const other = await account();
    // Sessions made before these accounts paid (the route now refuses a paying account: see below).
    const late = `cs_${randomUUID()}`;
    const stolen = `cs_${randomUUID()}`;
    await testSql()`
      insert into stripe_checkout_sessions (id, account_id, plan, price_id) values
        (${late}, ${payer.id}, 'starter', ${PRICES.starterMonthly}), (${stolen}, ${other.id}, 'pro', ${PRICES.proMonthly})`;

    // Each names its own account the way the pricing table did; neither may change the payer's link.
    await completed(late, `cus_${randomUUID().slice(0, 12)}`, payer.uid);
    await completed(stolen, payerCustomer, other.uid);

    expect(await linkedCustomer(payer)).toBe(payerCustomer);
    expect(await linkedCustomer(other)).toBeNull();
    expect((await call(app, 'GET', '/api/usage', { token: payer.token })).body.plan).toBe('pro');
  });

  it('replaces a link whose subscription has ended', async () => {
    const returning = await account();
    const old = await paying(returning);
    await testSql()`update stripe_subscriptions set status = 'canceled' where customer_id = ${old}`;
    const session = `cs_${randomUUID()}`;
    await testSql()`
      insert into stripe_checkout_sessions (id, account_id, plan, price_id)
      values (${session}, ${returning.id}, 'pro', ${PRICES.proMonthly})`;
    const customer = `cus_${randomUUID().slice(0, 12)}`;

    await completed(session, customer, null);

    expect(await linkedCustomer(returning)).toBe(customer);
  });

  it('refuses a key, a paying account, a plan or period it cannot sell, and says why; Stripe failing is 502', async () => {
    const user = await account();
    await testSql()`insert into subscriptions (account_id, plan_override) values (${user.id}, 'scale')`;
    const key = (await call(app, 'POST', '/api/api-keys', { token: user.token, body: { name: 'k' } })).body.key;
    const payer = await account();
    await paying(payer);
    const before = stripe.calls.length;

    const viaKey = await call(app, 'POST', '/api/billing/checkout', {
      token: key,
      body: { plan: 'pro', period: 'monthly' },
    });
    const free = await call(app, 'POST', '/api/billing/checkout', {
      token: user.token,
      body: { plan: 'free', period: 'monthly' },
    });
    const notSold = await call(app, 'POST', '/api/billing/checkout', {
      token: user.token,
      body: { plan: 'starter', period: 'annually' },
    });
    const second = await call(app, 'POST', '/api/billing/checkout', {
      token: payer.token,
      body: { plan: 'pro', period: 'annually' },
    });

    expect(viaKey.status).toBe(403);
    expect(viaKey.body.detail).toBe('Plans can only be bought from a signed-in session, not with an API key.');
    expect(free.status).toBe(422);
    expect(free.body.detail[0]).toMatchObject({ loc: ['body', 'plan'], msg: 'Plan must be starter, pro or scale.' });
    expect(notSold.status).toBe(422);
    expect(notSold.body.detail[0]).toMatchObject({
      loc: ['body', 'period'],
      msg: 'The Starter plan cannot be bought annually here. Choose another plan or billing period.',
    });
    expect(second.status).toBe(409);
    expect(second.body.detail).toBe(
      'You already have a subscription. Change or cancel it with Manage billing on /usage.',
    );
    expect(stripe.calls.length).toBe(before);

    const failed = await call(app, 'POST', '/api/billing/checkout', {
      token: user.token,
      body: { plan: 'scale', period: 'annually' },
    });
    expect(failed.status).toBe(502);
    expect(failed.body.detail).toBe('Stripe did not open the checkout. Please try again.');
    expect(await testSql()`select 1 from stripe_checkout_sessions where account_id = ${user.id}`).toHaveLength(0);
  });

  it('answers 404 without Stripe, and the public config then offers no checkout', async () => {
    const offline = testApp();
    const user = await signInUser();

    const refused = await call(offline, 'POST', '/api/billing/checkout', {
      token: user.token,
      body: { plan: 'pro', period: 'monthly' },
    });

    expect(refused.status).toBe(404);
    expect((await call(offline, 'GET', '/api/public-config')).body.stripe).toEqual({ checkout: [] });
    expect((await call(app, 'GET', '/api/public-config')).body.stripe.checkout).toEqual([
      { plan: 'pro', period: 'monthly' },
      { plan: 'pro', period: 'annually' },
      { plan: 'starter', period: 'monthly' },
      { plan: 'scale', period: 'annually' },
    ]);
  });
});
