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
