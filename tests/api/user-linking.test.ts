import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { call, testApp, testSql } from './helpers.ts';

const emulator = () => `http://${inject('authEmulatorHost')}`;

/** A Google sign-in through the emulator's IdP endpoint, with the email verified or not. */
async function googleSignIn(email: string, emailVerified: boolean): Promise<{ uid: string; token: string }> {
  const claims = { sub: randomUUID(), email, email_verified: emailVerified, name: 'Link Tester' };
  const response = await fetch(
    `${emulator()}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        requestUri: 'http://localhost',
        returnSecureToken: true,
        postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
      }),
    },
  );
  const body = (await response.json()) as { idToken?: string; localId?: string };
  if (!body.idToken || !body.localId) throw new Error(`emulator sign-in failed: ${JSON.stringify(body)}`);
  return { uid: body.localId, token: body.idToken };
}

/** An email/password sign-up: the address is not verified, and anyone can type anyone's. */
async function passwordSignUp(email: string): Promise<{ uid: string; token: string }> {
  const response = await fetch(`${emulator()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'pre-account-1', returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string; localId?: string };
  if (!body.idToken || !body.localId) throw new Error(`emulator sign-up failed: ${JSON.stringify(body)}`);
  return { uid: body.localId, token: body.idToken };
}

/** A password sign-in of an existing account. */
async function passwordSignIn(email: string): Promise<{ uid: string; token: string }> {
  const response = await fetch(
    `${emulator()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'pre-account-1', returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string; localId?: string };
  if (!body.idToken || !body.localId) throw new Error(`emulator sign-in failed: ${JSON.stringify(body)}`);
  return { uid: body.localId, token: body.idToken };
}

/** What clicking the verification email does: the account's address becomes verified. */
async function markVerified(uid: string): Promise<void> {
  const response = await fetch(
    `${emulator()}/identitytoolkit.googleapis.com/v1/projects/demo-inkpilot/accounts:update`,
    {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({ localId: uid, emailVerified: true }),
    },
  );
  if (!response.ok) throw new Error(`account update failed: HTTP ${response.status}`);
}

/** Deletes the emulator's account, as an emulator that lost its accounts in a crash would have. */
async function forgetAccount(uid: string): Promise<void> {
  const response = await fetch(
    `${emulator()}/identitytoolkit.googleapis.com/v1/projects/demo-inkpilot/accounts:delete`,
    {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({ localId: uid }),
    },
  );
  if (!response.ok) throw new Error(`account delete failed: HTTP ${response.status}`);
}

describe('one user per person', () => {
  const app = testApp();

  it('gives a returning verified Google email under a new sign-in id its existing user and projects', async () => {
    const email = `return-${randomUUID().slice(0, 8)}@example.com`;
    const first = await googleSignIn(email, true);
    const before = await call(app, 'GET', '/api/users/me/', { token: first.token });
    const created = await call(app, 'POST', '/api/projects/', {
      token: first.token,
      body: { name: 'Kept across sign-in ids' },
    });
    expect(created.status).toBe(201);
    await forgetAccount(first.uid);

    const again = await googleSignIn(email.toUpperCase(), true);
    const after = await call(app, 'GET', '/api/users/me/', { token: again.token });
    const projects = await call(app, 'GET', '/api/projects/', { token: again.token });

    expect(again.uid).not.toBe(first.uid);
    expect(after.status).toBe(200);
    expect(after.body.id).toBe(before.body.id);
    expect(after.body.external_id).toBe(again.uid);
    expect((projects.body as { name: string }[]).map((project) => project.name)).toContain('Kept across sign-in ids');
    const rows = await testSql()`select count(*)::int as count from users where lower(email) = ${email}`;
    expect(rows[0]?.count).toBe(1);
  });

  it('never links an unverified email: a new sign-in id with it gets a new user and the old one keeps its id', async () => {
    const email = `unverified-${randomUUID().slice(0, 8)}@example.com`;
    const first = await googleSignIn(email, true);
    const before = await call(app, 'GET', '/api/users/me/', { token: first.token });
    await forgetAccount(first.uid);

    const stranger = await googleSignIn(email, false);
    const after = await call(app, 'GET', '/api/users/me/', { token: stranger.token });

    expect(after.status).toBe(200);
    expect(after.body.id).not.toBe(before.body.id);
    const [original] = await testSql()`select external_id from users where id = ${before.body.id as string}`;
    expect(original?.external_id).toBe(first.uid);
  });
});

describe('pre-account takeover: a row made by an unverified sign-in is never handed to a verified one', () => {
  const app = testApp();

  /** The attacker's pre-made account for the victim's address: a project with a co-owner of theirs, and an API key. */
  async function preAccount(email: string) {
    const attacker = await passwordSignUp(email);
    const me = await call(app, 'GET', '/api/users/me/', { token: attacker.token });
    expect(me.status).toBe(200);
    const project = await call(app, 'POST', '/api/projects/', { token: attacker.token, body: { name: 'Trap' } });
    const accomplice = await googleSignIn(`accomplice-${randomUUID().slice(0, 8)}@example.com`, true);
    const link = await call(app, 'POST', `/api/projects/${project.body.id}/invites`, {
      token: attacker.token,
      body: { role: 'owner' },
    });
    expect(
      (await call(app, 'POST', `/api/invites/${link.body.token}/accept`, { token: accomplice.token })).status,
    ).toBe(200);
    await testSql()`insert into subscriptions (account_id, plan_override) values (${me.body.id}, 'scale')`;
    const key = await call(app, 'POST', '/api/api-keys', { token: attacker.token, body: { name: 'planted' } });
    expect(key.status).toBe(201);
    return { attacker, id: me.body.id as string, projectId: project.body.id as string, key: key.body.key as string };
  }

  it('records the provider and verification of each user', async () => {
    const verified = await googleSignIn(`google-${randomUUID().slice(0, 8)}@example.com`, true);
    const unverified = await passwordSignUp(`password-${randomUUID().slice(0, 8)}@example.com`);

    await call(app, 'GET', '/api/users/me/', { token: verified.token });
    await call(app, 'GET', '/api/users/me/', { token: unverified.token });

    const rows = await testSql()`
      select external_id, sign_in_provider, email_verified from users
      where external_id in ${testSql()([verified.uid, unverified.uid])}`;
    expect(
      Object.fromEntries(rows.map((row) => [row.external_id, [row.sign_in_provider, row.email_verified]])),
    ).toEqual({ [verified.uid]: ['google.com', true], [unverified.uid]: ['password', false] });
  });

  it('a row from before provenance was recorded takes it from its next sign-in, and keeps its id', async () => {
    const user = await googleSignIn(`legacy-${randomUUID().slice(0, 8)}@example.com`, true);
    const before = await call(app, 'GET', '/api/users/me/', { token: user.token });
    await testSql()`update users set sign_in_provider = null, email_verified = null where id = ${before.body.id}`;
    const fresh = testApp(); // another process, whose cache has not seen the row

    const after = await call(fresh, 'GET', '/api/users/me/', { token: user.token });

    expect(after.body.id).toBe(before.body.id);
    const [row] = await testSql()`select sign_in_provider, email_verified from users where id = ${before.body.id}`;
    expect(row).toEqual({ sign_in_provider: 'google.com', email_verified: true });
  });

  it('a Google sign-in that takes over the same Firebase account gets a fresh user, not the pre-made one', async () => {
    const email = `victim-${randomUUID().slice(0, 8)}@example.com`;
    const planted = await preAccount(email);

    // Firebase (and its emulator) give a verified Google sign-in the unverified account's uid, dropping its password.
    const victim = await googleSignIn(email, true);
    const me = await call(app, 'GET', '/api/users/me/', { token: victim.token });
    const projects = await call(app, 'GET', '/api/projects/', { token: victim.token });
    const keys = await call(app, 'GET', '/api/api-keys', { token: victim.token });

    expect(victim.uid).toBe(planted.attacker.uid);
    expect(me.status).toBe(200);
    expect(me.body.id).not.toBe(planted.id);
    expect(me.body.email).toBe(email);
    expect(projects.body).toEqual([]);
    expect(keys.body).toEqual([]);
    // The pre-made row is retired: nobody signs in to it, its key and the attacker's session no longer work.
    expect((await call(app, 'GET', '/api/users/me/', { token: planted.key })).status).toBe(401);
    const leftover = await call(app, 'GET', '/api/users/me/', { token: planted.attacker.token });
    expect(leftover.status).toBe(401);
    const [old] = await testSql()`select external_id, retired_at from users where id = ${planted.id}`;
    expect(old!.external_id).not.toBe(victim.uid);
    expect(old!.retired_at).not.toBeNull();
    // The victim's next requests keep their own fresh user.
    expect((await call(app, 'GET', '/api/users/me/', { token: victim.token })).body.id).toBe(me.body.id);
  });

  it('a password user who later verifies their own address keeps their row, now recorded as verified', async () => {
    const email = `own-${randomUUID().slice(0, 8)}@example.com`;
    const user = await passwordSignUp(email);
    const before = await call(app, 'GET', '/api/users/me/', { token: user.token });
    await markVerified(user.uid);

    const verified = await passwordSignIn(email);
    const after = await call(app, 'GET', '/api/users/me/', { token: verified.token });

    expect(after.body.id).toBe(before.body.id);
    const [row] = await testSql()`select email_verified, sign_in_provider from users where id = ${before.body.id}`;
    expect(row).toEqual({ email_verified: true, sign_in_provider: 'password' });
  });

  it('a verified Google sign-in under a new uid is never linked to a row an unverified sign-in made', async () => {
    const email = `victim-${randomUUID().slice(0, 8)}@example.com`;
    const planted = await preAccount(email);
    await forgetAccount(planted.attacker.uid);

    const victim = await googleSignIn(email, true);
    const me = await call(app, 'GET', '/api/users/me/', { token: victim.token });
    const projects = await call(app, 'GET', '/api/projects/', { token: victim.token });

    expect(victim.uid).not.toBe(planted.attacker.uid);
    expect(me.body.id).not.toBe(planted.id);
    expect(projects.body).toEqual([]);
    const [old] = await testSql()`select external_id from users where id = ${planted.id}`;
    expect(old!.external_id).toBe(planted.attacker.uid);
  });
});
