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
    expect(await testSql()`select 1 from api_keys k join users u on u.id = k.user_id where u.external_id = ${user.uid}`).toHaveLength(0);
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
    expect(list.body).toEqual([{ id: key.id, name: 'Zapier', prefix: key.prefix, created_at: expect.any(String), last_used_at: null }]);
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
    expect((await call(first, 'GET', '/api/projects/', { token: viewerKey.key, projectId: project.body.id })).status).toBe(404);
    expect((await call(first, 'GET', `/api/prompts/project/${project.body.id}/all`, { token: viewerKey.key })).status).toBe(404);

    const link = await call(first, 'POST', `/api/projects/${project.body.id}/invites`, { token: owner.token, body: { role: 'viewer' } });
    await call(first, 'POST', `/api/invites/${link.body.token}/accept`, { token: viewerKey.key });
    expect((await call(first, 'GET', `/api/projects/${project.body.id}`, { token: viewerKey.key })).body.role).toBe('viewer');
    expect((await call(first, 'PATCH', `/api/projects/${project.body.id}`, { token: viewerKey.key, body: {} })).status).toBe(403);
  });

  it('a revoked key is refused at once in this process and in every other one', async () => {
    const user = await signInUser();
    const key = await newKey(user);
    expect((await call(first, 'GET', '/api/users/me/', { token: key.key })).status).toBe(200);
    expect((await call(second, 'GET', '/api/users/me/', { token: key.key })).status).toBe(200); // now kept by the second

    expect((await call(first, 'DELETE', `/api/api-keys/${key.id}`, { token: user.token })).body).toEqual({ message: 'API key revoked.' });

    const refused = await call(first, 'GET', '/api/users/me/', { token: key.key });
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toBe('Invalid or revoked API key.');
    await eventually(async () => expect((await call(second, 'GET', '/api/users/me/', { token: key.key })).status).toBe(401));
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

  it('a key cannot mint more keys, and a key needs a name', async () => {
    const user = await signInUser();
    const key = await newKey(user);

    const minted = await call(first, 'POST', '/api/api-keys', { token: key.key, body: { name: 'more' } });
    const unnamed = await call(first, 'POST', '/api/api-keys', { token: user.token, body: { name: '  ' } });

    expect(minted.status).toBe(403);
    expect(unnamed.status).toBe(422);
    expect(unnamed.body.detail[0]).toMatchObject({ loc: ['body', 'name'], msg: 'Key name is required.' });
    expect((await call(first, 'GET', '/api/api-keys', { token: user.token })).body).toHaveLength(1);
  });
});
