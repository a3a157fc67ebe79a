// API keys: the secret is shown once and only its hash is stored; `Authorization: Bearer <key>` acts as its user
// under the same roles; a revoke is refused at once here and, through the change feed, in every other process.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, eventually, signInUser, testApp, testFeed, testSql, type TestUser } from './helpers.ts';

const first = testApp();
const second = testApp();

/** API access is a Scale plan feature: the account is put on Scale the way an admin does it offline. */
async function onScale(user: TestUser): Promise<void> {
  const me = await call(first, 'GET', '/api/users/me/', { token: user.token });
  await testSql()`
    insert into subscriptions (account_id, plan_override) values (${me.body.id}, 'scale')
    on conflict (account_id) do update set plan_override = 'scale'`;
}

async function newKey(user: TestUser, name = 'CI') {
  await onScale(user);
  const created = await call(first, 'POST', '/api/api-keys', { token: user.token, body: { name } });
  expect(created.status).toBe(201);
  return created.body as { id: string; key: string; prefix: string; name: string };
}

beforeAll(async () => {
  await testFeed().ready;
  expect(testFeed().live).toBe(true);
});

describe('API keys', () => {
  it('are refused below the Scale plan, naming the plan that has them', async () => {
    const user = await signInUser();
    const refused = await call(first, 'POST', '/api/api-keys', { token: user.token, body: { name: 'Free' } });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('API keys are part of the Scale plan. Upgrade at /pricing to create one.');
    expect(
      await testSql()`select 1 from api_keys k join users u on u.id = k.user_id where u.external_id = ${user.uid}`,
    ).toHaveLength(0);
  });

  it('shows the secret once, stores only its hash, and lists name, prefix, created and last used', async () => {
    const user = await signInUser();
    const key = await newKey(user, 'Zapier');

    expect(key.key).toMatch(/^ink_[A-Za-z0-9_-]{40,}$/);
    expect(key.key.startsWith(key.prefix)).toBe(true);
    expect(key.prefix).toHaveLength(12);
    const rows = await testSql()`select * from api_keys where id = ${key.id}`;
    expect(rows[0]!.key_hash).toBe(createHash('sha256').update(key.key).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(key.key);
    const list = await call(first, 'GET', '/api/api-keys', { token: user.token });
    expect(list.body).toEqual([
      { id: key.id, name: 'Zapier', prefix: key.prefix, created_at: expect.any(String), last_used_at: null },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(key.key);
  });

  it('signs any API route as its user and records its last use', async () => {
    const user = await signInUser();
    const project = await call(first, 'POST', '/api/projects/', { token: user.token, body: { name: 'Mine' } });
    const key = await newKey(user);

    const me = await call(first, 'GET', '/api/users/me/', { token: key.key });
    const projects = await call(first, 'GET', '/api/projects/', { token: key.key, projectId: project.body.id });

    expect(me.body.email).toBe(user.email);
    expect(projects.body.map((row: { id: string }) => row.id)).toEqual([project.body.id]);
    const [row] = await testSql()`select last_used_at from api_keys where id = ${key.id}`;
    expect(row!.last_used_at).toBeInstanceOf(Date);
  });

  it('follows the same roles: someone else’s project is 404, a viewer cannot write', async () => {
    const owner = await signInUser();
    const viewer = await signInUser();
    const project = await call(first, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Theirs' } });
    const viewerKey = await newKey(viewer);

    expect((await call(first, 'GET', `/api/projects/${project.body.id}`, { token: viewerKey.key })).status).toBe(404);
    expect(
      (await call(first, 'GET', '/api/projects/', { token: viewerKey.key, projectId: project.body.id })).status,
    ).toBe(404);
    expect(
      (await call(first, 'GET', `/api/prompts/project/${project.body.id}/all`, { token: viewerKey.key })).status,
    ).toBe(404);

    const link = await call(first, 'POST', `/api/projects/${project.body.id}/invites`, {
      token: owner.token,
      body: { role: 'viewer' },
    });
    await call(first, 'POST', `/api/invites/${link.body.token}/accept`, { token: viewerKey.key });
    expect((await call(first, 'GET', `/api/projects/${project.body.id}`, { token: viewerKey.key })).body.role).toBe(
      'viewer',
    );
    expect(
      (await call(first, 'PATCH', `/api/projects/${project.body.id}`, { token: viewerKey.key, body: {} })).status,
    ).toBe(403);
  });

  it('a revoked key is refused at once in this process and in every other one', async () => {
    const user = await signInUser();
    const key = await newKey(user);
    expect((await call(first, 'GET', '/api/users/me/', { token: key.key })).status).toBe(200);
    expect((await call(second, 'GET', '/api/users/me/', { token: key.key })).status).toBe(200); // now kept by the second

    expect((await call(first, 'DELETE', `/api/api-keys/${key.id}`, { token: user.token })).body).toEqual({
      message: 'API key revoked.',
    });

    const refused = await call(first, 'GET', '/api/users/me/', { token: key.key });
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toBe('Invalid or revoked API key.');
    await eventually(async () =>
      expect((await call(second, 'GET', '/api/users/me/', { token: key.key })).status).toBe(401),
    );
    expect((await call(first, 'GET', '/api/api-keys', { token: user.token })).body).toEqual([]);
  });

  it('someone else’s key cannot be revoked (404), an unknown key is 401', async () => {
    const owner = await signInUser();
    const other = await signInUser();
    const key = await newKey(owner);

    expect((await call(first, 'DELETE', `/api/api-keys/${key.id}`, { token: other.token })).status).toBe(404);
    expect((await call(first, 'GET', '/api/users/me/', { token: key.key })).status).toBe(200);
    expect((await call(first, 'GET', '/api/users/me/', { token: `ink_${'A'.repeat(43)}` })).status).toBe(401);
  });

  it('a key of an account that leaves Scale is refused (403, naming the plan) in every process, and works again back on Scale', async () => {
    const user = await signInUser();
    const key = await newKey(user);
    expect((await call(first, 'GET', '/api/users/me/', { token: key.key })).status).toBe(200);
    expect((await call(second, 'GET', '/api/users/me/', { token: key.key })).status).toBe(200); // kept by both now

    await testSql()`update subscriptions set plan_override = 'pro' where account_id = (select id from users where external_id = ${user.uid})`;

    for (const app of [first, second]) {
      await eventually(async () => {
        const refused = await call(app, 'GET', '/api/users/me/', { token: key.key });
        expect(refused.status).toBe(403);
        expect(refused.body.detail).toBe(
          "API keys work on the Scale plan only, and this key's account is on the Pro plan. Upgrade at /pricing to use it again.",
        );
      });
    }
    // Still the owner's to see and revoke.
    expect((await call(first, 'GET', '/api/api-keys', { token: user.token })).body).toEqual([
      expect.objectContaining({ id: key.id }),
    ]);

    await onScale(user);
    for (const app of [first, second])
      await eventually(async () =>
        expect((await call(app, 'GET', '/api/users/me/', { token: key.key })).status).toBe(200),
      );
  });

  it('a key of an account on Scale through Stripe is refused once Stripe cancels the subscription', async () => {
    const user = await signInUser();
    const me = await call(first, 'GET', '/api/users/me/', { token: user.token });
    const customer = `cus_${me.body.id.slice(0, 8)}`;
    const subscription = `sub_${me.body.id.slice(0, 8)}`;
    await testSql()`insert into subscriptions (account_id, stripe_customer_id) values (${me.body.id}, ${customer})`;
    await testSql()`
      insert into stripe_subscriptions (id, customer_id, plan, status, event_created, status_event_created)
      values (${subscription}, ${customer}, 'scale', 'active', now(), now())`;
    const created = await call(first, 'POST', '/api/api-keys', { token: user.token, body: { name: 'Stripe' } });
    expect(created.status).toBe(201);
    expect((await call(second, 'GET', '/api/users/me/', { token: created.body.key })).status).toBe(200); // kept there

    await testSql()`update stripe_subscriptions set status = 'canceled' where id = ${subscription}`;

    await eventually(async () => {
      const refused = await call(second, 'GET', '/api/users/me/', { token: created.body.key });
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toBe(
        "API keys work on the Scale plan only, and this key's account is on the Free plan. Upgrade at /pricing to use it again.",
      );
    });
  });

  it('a key cannot open an invite link or a billing portal session (403): they need a signed-in session', async () => {
    const user = await signInUser();
    const project = await call(first, 'POST', '/api/projects/', { token: user.token, body: { name: 'Keyed' } });
    const key = await newKey(user);

    const invite = await call(first, 'POST', `/api/projects/${project.body.id}/invites`, {
      token: key.key,
      body: { role: 'owner' },
    });
    const portal = await call(first, 'POST', '/api/billing/portal', { token: key.key });

    expect(invite.status).toBe(403);
    expect(invite.body.detail).toBe('Invite links can only be created from a signed-in session, not with an API key.');
    expect(portal.status).toBe(403);
    expect(portal.body.detail).toBe('Billing can only be managed from a signed-in session, not with an API key.');
    expect(await testSql()`select 1 from project_invites where project_id = ${project.body.id}`).toHaveLength(0);
    expect(
      (
        await call(first, 'POST', `/api/projects/${project.body.id}/invites`, {
          token: user.token,
          body: { role: 'owner' },
        })
      ).status,
    ).toBe(201);
  });

  it('a leaked key cannot lock its owner out: signing out and revoking keys need a signed-in session (403)', async () => {
    const user = await signInUser();
    const leaked = await newKey(user, 'Leaked');
    const other = (await call(first, 'POST', '/api/api-keys', { token: user.token, body: { name: 'Other' } })).body;

    const logout = await call(first, 'POST', '/api/users/logout', { token: leaked.key });
    const revokeOther = await call(first, 'DELETE', `/api/api-keys/${other.id}`, { token: leaked.key });
    const revokeItself = await call(first, 'DELETE', `/api/api-keys/${leaked.id}`, { token: leaked.key });

    expect(logout.status).toBe(403);
    expect(logout.body.detail).toBe('Signing out needs a signed-in session; an API key cannot sign its account out.');
    expect(revokeOther.status).toBe(403);
    expect(revokeOther.body.detail).toBe('API keys can only be revoked from a signed-in session, not with an API key.');
    expect(revokeItself.status).toBe(403);
    // Nothing changed: the owner's session and both keys still work, and the owner revokes the leaked key.
    expect((await call(first, 'GET', '/api/users/me/', { token: user.token })).status).toBe(200);
    expect((await call(first, 'GET', '/api/users/me/', { token: other.key })).status).toBe(200);
    const [row] = await testSql()`select tokens_valid_after from users where external_id = ${user.uid}`;
    expect(row!.tokens_valid_after).toBeNull();
    expect((await call(first, 'DELETE', `/api/api-keys/${leaked.id}`, { token: user.token })).status).toBe(200);
    expect((await call(first, 'GET', '/api/users/me/', { token: leaked.key })).status).toBe(401);
  });

  it('a key cannot mint more keys, and a key needs a name', async () => {
    const user = await signInUser();
    const key = await newKey(user);

    const minted = await call(first, 'POST', '/api/api-keys', { token: key.key, body: { name: 'more' } });
    const unnamed = await call(first, 'POST', '/api/api-keys', { token: user.token, body: { name: '  ' } });

    expect(minted.status).toBe(403);
    expect(minted.body.detail).toBe('API keys can only be created from a signed-in session, not with an API key.');
    expect(unnamed.status).toBe(422);
    expect(unnamed.body.detail[0]).toMatchObject({ loc: ['body', 'name'], msg: 'Key name is required.' });
    expect((await call(first, 'GET', '/api/api-keys', { token: user.token })).body).toHaveLength(1);
  });
});
