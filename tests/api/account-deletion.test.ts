// Issue 22: a user deletes their account. The projects they alone own go as a project deletion takes them; they leave
// the projects others own too; their API keys, open invite links, memberships, plan and Stripe link go, a paid
// subscription is cancelled at Stripe first, the sign-in account is deleted at the Auth emulator, and the old token
// and key are refused in this process and in another one. Nothing of the account stays readable but the audit record
// of the deletion. A failure of Stripe or of the sign-in provider, a mistyped email, an API key or an impersonating
// admin deletes nothing.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTokenVerifier } from '../../api/auth/firebase.ts';
import { EMULATOR_PROJECT_ID } from '../../api/config.ts';
import { STRIPE_FIXTURE_KEY, startStripeFixture } from '../fixtures/stripe/server.mjs';
import { addPost, visit, type Blog } from './blog-support.ts';
import { deletionRecords, rowsKeyedBy, rowsMentioning } from './deletion-support.ts';
import { call, secondInstance, signInUser, testApp, testConfig, testFeed, testSql, type TestUser } from './helpers.ts';

const ADMIN_EMAIL = `del-admin-${Date.now()}@example.com`;
let stripe: Awaited<ReturnType<typeof startStripeFixture>>;
let app: ReturnType<typeof testApp>;
const second = secondInstance('inkpilot-account-deletion-second');

beforeAll(async () => {
  stripe = await startStripeFixture();
  app = testApp({ STRIPE_SECRET_KEY: STRIPE_FIXTURE_KEY, STRIPE_API_URL: stripe.origin, ADMIN_EMAILS: ADMIN_EMAIL });
  await Promise.all([second.feed.ready, testFeed().ready]);
});
afterAll(async () => {
  await stripe.stop();
  await second.feed.stop();
});

type Member = TestUser & { id: string };

async function member(profile: Parameters<typeof signInUser>[0] = {}): Promise<Member> {
  const user = await signInUser(profile);
  const me = await call(app, 'GET', '/api/users/me/', { token: user.token });
  return { ...user, id: me.body.id as string };
}

async function project(owner: Member, name: string, others: [Member, 'owner' | 'editor' | 'viewer'][] = []) {
  const created = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name } });
  for (const [user, role] of others)
    await testSql()`insert into project_members (project_id, user_id, role) values (${created.body.id}, ${user.id}, ${role})`;
  const [row] = await testSql()`select slug from projects where id = ${created.body.id}`;
  const blog: Blog = {
    owner,
    projectId: created.body.id as string,
    slug: row!.slug,
    host: `${row!.slug}.blogs.localhost:4321`,
  };
  return blog;
}

/** Whether the Auth emulator still has the sign-in account (its admin API, as firebase-admin asks it). */
async function signInAccountExists(uid: string): Promise<boolean> {
  const response = await fetch(
    `http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/projects/${EMULATOR_PROJECT_ID}/accounts:lookup`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: [uid] }),
    },
  );
  const body = (await response.json()) as { users?: unknown[] };
  return (body.users ?? []).length > 0;
}

/** A user with one of everything an account holds, and the people and projects around them. */
async function busyAccount() {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const sub = `google-${stamp}`;
  const leaving = await member({ sub, name: 'Lea Leaving', email: `leaving-${stamp}@example.com` });
  const partner = await member({ name: 'Pat Partner' });
  const helper = await member({ name: 'Hal Helper' });
  // Alone owned (with an editor): goes. Co-owned with the partner, and edited for the partner: stay without them.
  const alone = await project(leaving, `Solo ${stamp}`, [[helper, 'editor']]);
  const shared = await project(leaving, `Shared ${stamp}`, [[partner, 'owner']]);
  const theirs = await project(partner, `Theirs ${stamp}`, [[leaving, 'editor']]);
  const solePost = await addPost(alone, { title: 'Only mine' });
  const sharedPost = await addPost({ ...shared, owner: leaving }, { title: 'Written by the leaver' });
  await testSql()`
    insert into subscriptions (account_id, plan_override, stripe_customer_id) values (${leaving.id}, 'scale', ${`cus_${stamp}`})`;
  await testSql()`
    insert into stripe_subscriptions (id, customer_id, price_id, plan, status, event_created, status_event_created)
    values (${`sub_${stamp}`}, ${`cus_${stamp}`}, 'price_scale', 'scale', 'active', now(), now())`;
  stripe.subscriptions.set(`sub_${stamp}`, { customer: `cus_${stamp}`, status: 'active' });
  const key = await call(app, 'POST', '/api/api-keys', { token: leaving.token, body: { name: 'robot' } });
  const invite = await call(app, 'POST', `/api/projects/${shared.projectId}/invites`, {
    token: leaving.token,
    body: { role: 'editor' },
  });
  await testSql()`
    insert into usage_events (account_id, project_id, kind) values (${leaving.id}, ${alone.projectId}, 'post_generated')`;
  expect(key.status).toBe(201);
  expect(invite.status).toBe(201);
  return {
    sub,
    leaving,
    partner,
    helper,
    alone,
    shared,
    theirs,
    solePost,
    sharedPost,
    key: key.body.key as string,
    invite: invite.body.token as string,
    subscription: `sub_${stamp}`,
    customer: `cus_${stamp}`,
  };
}

describe('deleting an account', () => {
  it('shows what would go before it is asked: the projects deleted, the projects left, the subscription', async () => {
    const account = await busyAccount();

    const preview = await call(app, 'GET', '/api/users/me/deletion-preview', { token: account.leaving.token });

    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      deleted_projects: [{ id: account.alone.projectId, name: expect.stringMatching(/^Solo /), search_console: false }],
      left_projects: [
        { id: account.shared.projectId, name: expect.stringMatching(/^Shared /), role: 'owner' },
        { id: account.theirs.projectId, name: expect.stringMatching(/^Theirs /), role: 'editor' },
      ],
      cancels_subscription: true,
    });
  });

  it('takes the account and the projects it alone owns, leaves the shared ones, and refuses the old token and key everywhere', async () => {
    const account = await busyAccount();
    const { leaving } = account;
    // Both processes know the user, the key and the blog before the deletion.
    for (const instance of [app, second.app]) {
      expect((await call(instance, 'GET', '/api/users/me/', { token: leaving.token })).status).toBe(200);
      expect((await call(instance, 'GET', '/api/projects/', { token: account.key })).body).toHaveLength(3);
      expect((await visit(instance, account.alone.host, '/')).status).toBe(200);
      expect((await call(instance, 'GET', '/api/projects/', { token: account.helper.token })).body).toHaveLength(1);
    }
    expect(await signInAccountExists(leaving.uid)).toBe(true);

    const deleted = await call(app, 'DELETE', '/api/users/me', {
      token: leaving.token,
      body: { confirm_email: ` ${leaving.email.toUpperCase()} ` },
    });

    expect(deleted).toMatchObject({ status: 200, body: { message: 'Account deleted.' } });
    expect(await signInAccountExists(leaving.uid)).toBe(false);
    // Stripe was told first: the subscription is cancelled at once, without a final invoice or proration.
    expect(
      stripe.calls.filter((entry: { path: string }) => entry.path === `/v1/subscriptions/${account.subscription}`),
    ).toHaveLength(1);
    expect(stripe.subscriptions.get(account.subscription)?.status).toBe('canceled');
    await second.settled();
    for (const instance of [app, second.app]) {
      // This process forgot the verified token with the account; the other one still holds it verified, and refuses
      // it for the account's deletion.
      expect(await call(instance, 'GET', '/api/users/me/', { token: leaving.token })).toMatchObject({
        status: 401,
        body: { detail: instance === app ? 'Invalid or expired token.' : 'This account has been deleted.' },
      });
      expect((await call(instance, 'GET', '/api/projects/', { token: account.key })).status).toBe(401);
      expect((await visit(instance, account.alone.host, '/')).status).toBe(404);
      expect((await call(instance, 'GET', '/api/projects/', { token: account.helper.token })).body).toEqual([]);
      const partnerSees = await call(instance, 'GET', '/api/projects/', { token: account.partner.token });
      expect(partnerSees.body.map((row: { id: string }) => row.id).sort()).toEqual(
        [account.shared.projectId, account.theirs.projectId].sort(),
      );
    }
    // The shared projects keep their content, no longer signed by anyone; the leaver's open link no longer opens.
    const [kept] = await testSql()`select author_id from blog_posts where id = ${account.sharedPost.id}`;
    expect(kept).toEqual({ author_id: null });
    const invite = await call(app, 'GET', `/api/invites/${account.invite}`, { token: account.partner.token });
    expect(invite.status).toBe(404);
    // Nothing names the account or its own project any more, except the record that it was deleted.
    expect(await rowsKeyedBy([leaving.id, account.alone.projectId])).toEqual({});
    expect(
      await rowsMentioning([
        leaving.id,
        leaving.uid,
        account.alone.projectId,
        account.solePost.slug,
        account.customer,
        account.key.slice(0, 12),
      ]),
    ).toEqual({});
    expect(await rowsMentioning([leaving.email])).toEqual({ 'public.audit_log': 1 });
    expect(await deletionRecords('account_deleted', '/api/users/me')).toContainEqual({
      actor_id: null,
      actor_email: leaving.email,
      subject_id: null,
      subject_email: leaving.email,
      action: 'account_deleted',
      method: 'DELETE',
      path: '/api/users/me',
      status: 200,
    });
    // The posts it generated still count (for nobody): usage without a project or an account.
    expect(
      await testSql()`select count(*)::int as n from usage_events where account_id is null and project_id is null`,
    ).not.toEqual([{ n: 0 }]);
  });

  it('lets the same Google account start afresh afterwards, with nothing of the old one', async () => {
    const account = await busyAccount();
    await call(app, 'DELETE', '/api/users/me', {
      token: account.leaving.token,
      body: { confirm_email: account.leaving.email },
    });

    const again = await signInUser({ sub: account.sub, email: account.leaving.email, name: 'Lea Leaving' });
    const me = await call(app, 'GET', '/api/users/me/', { token: again.token });
    const projects = await call(app, 'GET', '/api/projects/', { token: again.token });

    expect(again.uid).not.toBe(account.leaving.uid);
    expect(me.status).toBe(200);
    expect(me.body.id).not.toBe(account.leaving.id);
    expect(projects.body).toEqual([]);
  });

  it('deletes a project its two owners leave at the same moment, instead of leaving it with no owner', async () => {
    const first = await member();
    const other = await member();
    const both = await project(first, `Both ${Date.now()}`, [[other, 'owner']]);

    const answers = await Promise.all(
      [first, other].map((user) =>
        call(app, 'DELETE', '/api/users/me', { token: user.token, body: { confirm_email: user.email } }),
      ),
    );

    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await rowsKeyedBy([both.projectId, first.id, other.id])).toEqual({});
  });

  it('refuses a mistyped email (422), an API key and an impersonating admin (403), deleting nothing', async () => {
    const account = await busyAccount();
    const admin = await member({ email: ADMIN_EMAIL });
    const started = await call(app, 'POST', `/api/admin/users/${account.leaving.id}/impersonate`, {
      token: admin.token,
    });
    const asUser = await customTokenSignIn(started.body.custom_token);
    const body = { confirm_email: account.leaving.email };

    const mistyped = await call(app, 'DELETE', '/api/users/me', {
      token: account.leaving.token,
      body: { confirm_email: `x${account.leaving.email}` },
    });
    const empty = await call(app, 'DELETE', '/api/users/me', { token: account.leaving.token, body: {} });
    const viaKey = await call(app, 'DELETE', '/api/users/me', { token: account.key, body });
    const impersonated = await call(app, 'DELETE', '/api/users/me', { token: asUser, body });

    expect(mistyped.status).toBe(422);
    expect(mistyped.body.detail).toEqual([
      {
        loc: ['body', 'confirm_email'],
        msg: "Type your account's email address exactly as it is shown to delete the account.",
        type: 'value_error',
      },
    ]);
    expect(empty.status).toBe(422);
    expect(viaKey).toMatchObject({
      status: 403,
      body: { detail: 'Deleting an account needs a signed-in session; API keys cannot delete accounts.' },
    });
    expect(impersonated).toMatchObject({
      status: 403,
      body: { detail: 'An account cannot be deleted while impersonating its user.' },
    });
    await expectUntouched(account);
  });

  it('deletes nothing when Stripe refuses to cancel the subscription (502), and tells the user what to do', async () => {
    const account = await busyAccount();
    stripe.failing.add(account.subscription);

    const refused = await call(app, 'DELETE', '/api/users/me', {
      token: account.leaving.token,
      body: { confirm_email: account.leaving.email },
    });

    expect(refused).toMatchObject({
      status: 502,
      body: {
        detail:
          'Stripe did not cancel your subscription, so nothing was deleted. Please try again in a moment, or cancel it under Manage billing first.',
      },
    });
    await expectUntouched(account);
  });

  it('refuses (409) while a paid subscription exists and billing is not configured on this server', async () => {
    const account = await busyAccount();
    const unconfigured = testApp();

    const refused = await call(unconfigured, 'DELETE', '/api/users/me', {
      token: account.leaving.token,
      body: { confirm_email: account.leaving.email },
    });

    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/^Your paid subscription cannot be cancelled from here/);
    await expectUntouched(account);
  });

  it('deletes nothing when the sign-in account cannot be closed (502)', async () => {
    const account = await busyAccount();
    await testSql()`delete from stripe_subscriptions where id = ${account.subscription}`; // no Stripe in this one
    const real = createTokenVerifier(testConfig(), inject('authEmulatorHost'));
    const verifier = { ...real, deleteAccount: async () => Promise.reject(new Error('unreachable')) };
    const failing = testApp({}, undefined, { verifier });

    const refused = await call(failing, 'DELETE', '/api/users/me', {
      token: account.leaving.token,
      body: { confirm_email: account.leaving.email },
    });

    expect(refused).toMatchObject({
      status: 502,
      body: {
        detail: 'Your sign-in account could not be closed, so nothing was deleted. Please try again in a moment.',
      },
    });
    await expectUntouched(account, { stripe: false });
  });
});

/** The account, its projects, key, link and plan as they were: nothing deleted, nothing cancelled at Stripe. */
async function expectUntouched(
  account: Awaited<ReturnType<typeof busyAccount>>,
  options: { stripe?: boolean } = {},
): Promise<void> {
  expect((await call(app, 'GET', '/api/users/me/', { token: account.leaving.token })).status).toBe(200);
  expect((await call(app, 'GET', '/api/projects/', { token: account.key })).body).toHaveLength(3);
  expect((await visit(app, account.alone.host, '/')).status).toBe(200);
  expect((await call(app, 'GET', `/api/invites/${account.invite}`, { token: account.partner.token })).status).toBe(200);
  expect(await signInAccountExists(account.leaving.uid)).toBe(true);
  if (options.stripe !== false) expect(stripe.subscriptions.get(account.subscription)?.status).toBe('active');
  const [plan] = await testSql()`select plan_override from subscriptions where account_id = ${account.leaving.id}`;
  expect(plan).toEqual({ plan_override: 'scale' });
}

/** Exchanges a custom token for an ID token at the emulator, as the browser's signInWithCustomToken does. */
async function customTokenSignIn(customToken: string): Promise<string> {
  const response = await fetch(
    `http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: customToken, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`custom token sign-in failed: ${JSON.stringify(body)}`);
  return body.idToken;
}
