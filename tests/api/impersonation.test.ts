// Admin impersonation: a Firebase custom token (Auth emulator) for the user, marked with the admin; every request
// of that session in the audit log; non-admins and superuser targets refused; superusers read the log.
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { z } from 'zod';
import { adminUserResponse, auditEntryResponse, impersonateResponse } from '../../api/routes/admin/schema.ts';
import { call, signInUser, testApp, testSql } from './helpers.ts';

const stamp = Date.now();
const ADMIN_EMAIL = `imp-admin-${stamp}@example.com`;
const SUPER_EMAIL = `imp-super-${stamp}@example.com`;
const app = testApp({ ADMIN_EMAILS: ADMIN_EMAIL, SUPERUSER_EMAILS: SUPER_EMAIL });

/** Exchanges a custom token for an ID token at the emulator, as the browser's signInWithCustomToken does. */
async function signInWithCustomToken(customToken: string): Promise<string> {
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

async function member(email?: string) {
  const user = await signInUser(email ? { email, name: 'Some One' } : { name: 'Grace Hopper' });
  const me = await call(app, 'GET', '/api/users/me/', { token: user.token });
  return { ...user, id: me.body.id as string, me: me.body };
}

/** Puts the account on Scale the way an admin does offline: API keys are a Scale feature. */
async function onScale(userId: string): Promise<void> {
  await testSql()`
    insert into subscriptions (account_id, plan_override) values (${userId}, 'scale')
    on conflict (account_id) do update set plan_override = 'scale'`;
}

/** An API key of the user, made from their own sign-in. */
async function scaleKey(user: { id: string; token: string }): Promise<string> {
  await onScale(user.id);
  const created = await call(app, 'POST', '/api/api-keys', { token: user.token, body: { name: 'admin key' } });
  expect(created.status).toBe(201);
  return created.body.key as string;
}

describe('impersonation', () => {
  it('lets an admin act as a user, writes every request of that session to the audit log, and sign back in as admin', async () => {
    const admin = await member(ADMIN_EMAIL);
    const target = await member();
    const project = await call(app, 'POST', '/api/projects/', { token: target.token, body: { name: 'Target blog' } });

    const started = await call(app, 'POST', `/api/admin/users/${target.id}/impersonate`, { token: admin.token });
    expect(started.status).toBe(200);
    expect(impersonateResponse.safeParse(started.body).error).toBeUndefined(); // the answer /api/openapi.json documents
    expect(started.body.user).toMatchObject({ id: target.id, email: target.email, first_name: 'Grace' });

    const asUser = await signInWithCustomToken(started.body.custom_token);
    const me = await call(app, 'GET', '/api/users/me/', { token: asUser });
    const projects = await call(app, 'GET', '/api/projects/', { token: asUser });
    const foreign = await call(app, 'GET', '/api/projects/00000000-0000-4000-8000-000000000000', { token: asUser });

    expect(me.body).toMatchObject({ id: target.id, email: target.email, is_admin: false });
    expect(foreign.status).toBe(404);
    expect(projects.body.map((item: { id: string }) => item.id)).toEqual([project.body.id]);
    const rows =
      await testSql()`select action, method, path, status, actor_email, subject_email from audit_log where actor_id = ${admin.id} and subject_id = ${target.id} order by id`;
    expect(rows.map((row) => `${row.action} ${row.method} ${row.path} ${row.status}`)).toEqual([
      `impersonation_start POST /api/admin/users/${target.id}/impersonate 200`,
      'request GET /api/users/me/ 200',
      'request GET /api/projects/ 200',
      'request GET /api/projects/00000000-0000-4000-8000-000000000000 404',
    ]);
    expect(rows[1]).toMatchObject({ actor_email: ADMIN_EMAIL, subject_email: target.email });

    // Ending it: the admin's own custom token signs back in with the admin's rights kept.
    const back = await signInWithCustomToken(started.body.original_custom_token);
    const adminAgain = await call(app, 'GET', '/api/users/me/', { token: back });
    expect(adminAgain.body).toMatchObject({ id: admin.id, is_admin: true });
    const count = await testSql()`select count(*)::int as n from audit_log where actor_id = ${admin.id}`;
    expect(count[0]!.n).toBe(4); // the admin's own requests are not impersonated
  });

  it('refuses a non-admin with 403 and mints nothing', async () => {
    const user = await member();
    const target = await member();

    const response = await call(app, 'POST', `/api/admin/users/${target.id}/impersonate`, { token: user.token });
    const list = await call(app, 'GET', '/api/admin/users', { token: user.token });

    expect(response.status).toBe(403);
    expect(response.body.custom_token).toBeUndefined();
    expect(list.status).toBe(403);
    expect((await testSql()`select 1 from audit_log where subject_id = ${target.id}`).length).toBe(0);
  });

  it('refuses to impersonate a superuser with 403', async () => {
    const admin = await member(ADMIN_EMAIL);
    const superuser = await member(SUPER_EMAIL);
    expect(superuser.me.is_superuser).toBe(true);

    const response = await call(app, 'POST', `/api/admin/users/${superuser.id}/impersonate`, { token: admin.token });

    expect(response.status).toBe(403);
    expect(response.body.detail).toBe('Superusers cannot be impersonated.');
  });

  it('refuses an admin impersonating themselves with 422', async () => {
    const admin = await member(ADMIN_EMAIL);

    const response = await call(app, 'POST', `/api/admin/users/${admin.id}/impersonate`, { token: admin.token });

    expect(response.status).toBe(422);
    expect(response.body.detail).toBe('You cannot impersonate yourself.');
  });

  it('gives an impersonated session no admin rights, not even to impersonate again', async () => {
    const admin = await member(ADMIN_EMAIL);
    const target = await member();
    const other = await member();
    const started = await call(app, 'POST', `/api/admin/users/${target.id}/impersonate`, { token: admin.token });
    const asUser = await signInWithCustomToken(started.body.custom_token);

    const again = await call(app, 'POST', `/api/admin/users/${other.id}/impersonate`, { token: asUser });

    expect(again.status).toBe(403);
    const [row] =
      await testSql()`select status from audit_log where subject_id = ${target.id} and path = ${`/api/admin/users/${other.id}/impersonate`}`;
    expect(row?.status).toBe(403);
  });

  it('ends the session (401) once the impersonating user is no longer an admin', async () => {
    const admin = await member(ADMIN_EMAIL);
    const target = await member();
    const started = await call(app, 'POST', `/api/admin/users/${target.id}/impersonate`, { token: admin.token });
    const asUser = await signInWithCustomToken(started.body.custom_token);
    expect((await call(app, 'GET', '/api/projects/', { token: asUser })).status).toBe(200);

    await testSql()`update users set is_admin = false where id = ${admin.id}`;

    expect((await call(app, 'GET', '/api/projects/', { token: asUser })).status).toBe(401);
  });

  it('finds users by email for admins, with their plan', async () => {
    const admin = await member(ADMIN_EMAIL);
    const target = await member();

    const found = await call(app, 'GET', `/api/admin/users?q=${encodeURIComponent(target.email.toUpperCase())}`, {
      token: admin.token,
    });

    expect(found.status).toBe(200);
    expect(z.array(adminUserResponse).safeParse(found.body).error).toBeUndefined();
    expect(found.body).toEqual([
      expect.objectContaining({ id: target.id, email: target.email, plan: 'free', plan_source: 'free' }),
    ]);
  });

  it('refuses every admin action to an admin’s API key (403): no custom token, no plan change, no audit log', async () => {
    const admin = await member(ADMIN_EMAIL);
    const superuser = await member(SUPER_EMAIL);
    const target = await member();
    const adminKey = await scaleKey(admin);
    const superKey = await scaleKey(superuser);
    const refusal = 'Admin actions need a signed-in session; API keys cannot be used for them.';

    const impersonate = await call(app, 'POST', `/api/admin/users/${target.id}/impersonate`, { token: adminKey });
    const byRoot = await call(app, 'POST', `/api/admin/users/${target.id}/impersonate`, { token: superKey });
    const users = await call(app, 'GET', '/api/admin/users?q=example', { token: adminKey });
    const plan = await call(app, 'PUT', `/api/admin/users/${target.id}/plan`, {
      token: adminKey,
      body: { plan: 'scale' },
    });
    const audit = await call(app, 'GET', '/api/admin/audit-log', { token: superKey });
    const template = await call(app, 'POST', '/api/workflows/templates', {
      token: adminKey,
      body: {
        name: 'T',
        nodes: [{ id: 'topic', type: 'topic_input', position: { x: 0, y: 0 }, config: {} }],
        edges: [],
      },
    });

    for (const response of [impersonate, byRoot, users, plan, audit, template]) {
      expect(response.status).toBe(403);
      expect(response.body.detail).toBe(refusal);
      expect(response.body.custom_token).toBeUndefined();
    }
    expect((await testSql()`select 1 from audit_log where subject_id = ${target.id}`).length).toBe(0);
    expect((await testSql()`select 1 from subscriptions where account_id = ${target.id}`).length).toBe(0);
    // The same calls from the admin's own sign-in still work: the refusal is about the key.
    expect((await call(app, 'GET', '/api/admin/users?q=example', { token: admin.token })).status).toBe(200);
    expect((await call(app, 'GET', '/api/admin/audit-log', { token: superuser.token })).status).toBe(200);
  });

  it('lets an impersonated session mint no API key and no invite link, which would outlast it', async () => {
    const admin = await member(ADMIN_EMAIL);
    const target = await member();
    await onScale(target.id);
    const project = await call(app, 'POST', '/api/projects/', { token: target.token, body: { name: 'Theirs' } });
    const started = await call(app, 'POST', `/api/admin/users/${target.id}/impersonate`, { token: admin.token });
    const asUser = await signInWithCustomToken(started.body.custom_token);

    const key = await call(app, 'POST', '/api/api-keys', { token: asUser, body: { name: 'kept' } });
    const invite = await call(app, 'POST', `/api/projects/${project.body.id}/invites`, {
      token: asUser,
      body: { role: 'owner' },
    });

    expect(key.status).toBe(403);
    expect(key.body.detail).toBe('API keys cannot be created while impersonating a user.');
    expect(invite.status).toBe(403);
    expect(invite.body.detail).toBe('Invite links cannot be created while impersonating a user.');
    expect(await testSql()`select 1 from api_keys where user_id = ${target.id}`).toHaveLength(0);
    expect(await testSql()`select 1 from project_invites where project_id = ${project.body.id}`).toHaveLength(0);
    // The user's own sign-in still can.
    expect((await call(app, 'POST', '/api/api-keys', { token: target.token, body: { name: 'mine' } })).status).toBe(
      201,
    );
  });

  it('shows the audit log to superusers only', async () => {
    const admin = await member(ADMIN_EMAIL);
    const superuser = await member(SUPER_EMAIL);
    const target = await member();
    await call(app, 'POST', `/api/admin/users/${target.id}/impersonate`, { token: admin.token });

    const bySuper = await call(app, 'GET', '/api/admin/audit-log?limit=50', { token: superuser.token });
    const byAdmin = await call(app, 'GET', '/api/admin/audit-log', { token: admin.token });

    expect(bySuper.status).toBe(200);
    expect(z.array(auditEntryResponse).safeParse(bySuper.body).error).toBeUndefined();
    expect(bySuper.body).toContainEqual(
      expect.objectContaining({
        actor_email: ADMIN_EMAIL,
        subject_email: target.email,
        action: 'impersonation_start',
        created_at: expect.any(String),
      }),
    );
    expect(byAdmin.status).toBe(403);
  });
});
