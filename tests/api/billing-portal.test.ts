// "Manage billing": the stripe SDK against a loopback fake Stripe opens a customer-portal session for the caller's
// Stripe customer; without one (or without Stripe) it says why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingPortalResponse } from '../../api/routes/billing/schema.ts';
import { STRIPE_FIXTURE_KEY, startStripeFixture } from '../fixtures/stripe/server.mjs';
import { call, signInUser, testApp, testSql } from './helpers.ts';

let stripe: Awaited<ReturnType<typeof startStripeFixture>>;
let app: ReturnType<typeof testApp>;

beforeAll(async () => {
  stripe = await startStripeFixture();
  app = testApp({ STRIPE_SECRET_KEY: STRIPE_FIXTURE_KEY, STRIPE_API_URL: stripe.origin });
});
afterAll(async () => stripe.stop());

async function account(customer?: string) {
  const user = await signInUser();
  const me = await call(app, 'GET', '/api/users/me/', { token: user.token });
  if (customer)
    await testSql()`insert into subscriptions (account_id, stripe_customer_id) values (${me.body.id}, ${customer})`;
  return user;
}

describe('billing portal', () => {
  it("opens a portal session for the caller's Stripe customer that returns to /usage", async () => {
    const customer = `cus_${Date.now()}`;
    const user = await account(customer);

    const usage = await call(app, 'GET', '/api/usage', { token: user.token });
    const portal = await call(app, 'POST', '/api/billing/portal', { token: user.token });

    expect(usage.body.can_manage_billing).toBe(true);
    expect(portal.status).toBe(200);
    expect(billingPortalResponse.safeParse(portal.body).error).toBeUndefined(); // the answer /api/openapi.json documents
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    expect(stripe.calls.at(-1)?.form).toMatchObject({ customer, return_url: 'http://localhost/usage' });
  });

  it('answers 409 for an account that never checked out, without calling Stripe', async () => {
    const user = await account();
    const before = stripe.calls.length;

    const portal = await call(app, 'POST', '/api/billing/portal', { token: user.token });

    expect(portal.status).toBe(409);
    expect(portal.body.detail).toBe('There is no billing account yet. Choose a plan on /pricing first.');
    expect(stripe.calls.length).toBe(before);
    expect((await call(app, 'GET', '/api/usage', { token: user.token })).body.can_manage_billing).toBe(false);
  });

  it('answers 404 when Stripe is not configured', async () => {
    const offline = testApp();
    const user = await signInUser();

    expect((await call(offline, 'POST', '/api/billing/portal', { token: user.token })).status).toBe(404);
  });
});
