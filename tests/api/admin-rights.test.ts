import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { call, testApp } from './helpers.ts';

const emulator = () => `http://${inject('authEmulatorHost')}`;

async function identityToolkit(
  path: string,
  body: object,
  admin = false,
): Promise<{ idToken?: string; localId?: string }> {
  const response = await fetch(`${emulator()}/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(admin ? { authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { idToken?: string; localId?: string; error?: unknown };
  if (json.error) throw new Error(`emulator ${path} failed: ${JSON.stringify(json.error)}`);
  return json;
}

/** Ways to get a real emulator token for an email; only the first may carry admin rights. */
const SIGN_INS: { how: string; rights: boolean; token: (email: string) => Promise<string> }[] = [
  { how: 'Google, email verified', rights: true, token: (email) => idp('google.com', email, true) },
  { how: 'Google, email not verified', rights: false, token: (email) => idp('google.com', email, false) },
  { how: 'email and password, never verified', rights: false, token: (email) => password(email, false) },
  { how: 'email and password, verified', rights: false, token: (email) => password(email, true) },
  {
    how: 'another identity provider (facebook.com), email verified',
    rights: false,
    token: (email) => idp('facebook.com', email, true),
  },
];

async function idp(providerId: string, email: string, verified: boolean): Promise<string> {
  const claims = { sub: randomUUID(), email, email_verified: verified, name: 'Would Be Admin' };
  const { idToken } = await identityToolkit('accounts:signInWithIdp', {
    requestUri: 'http://localhost',
    returnSecureToken: true,
    postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=${providerId}`,
  });
  return idToken!;
}

async function password(email: string, verified: boolean): Promise<string> {
  const secret = `pw-${randomUUID()}`;
  const { localId, idToken } = await identityToolkit('accounts:signUp', {
    email,
    password: secret,
    returnSecureToken: true,
  });
  if (!verified) return idToken!;
  await identityToolkit('accounts:update', { localId, emailVerified: true }, true);
  return (await identityToolkit('accounts:signInWithPassword', { email, password: secret, returnSecureToken: true }))
    .idToken!;
}

describe('admin and superuser rights', () => {
  it.each(SIGN_INS)('follow ADMIN_EMAILS only for a verified Google email: $how', async ({ rights, token }) => {
    const admin = `admin-${randomUUID().slice(0, 8)}@example.com`;
    const root = `root-${randomUUID().slice(0, 8)}@example.com`;
    const app = testApp({ ADMIN_EMAILS: admin, SUPERUSER_EMAILS: root });

    const adminMe = await call(app, 'GET', '/api/users/me', { token: await token(admin) });
    const rootMe = await call(app, 'GET', '/api/users/me', { token: await token(root) });

    expect(adminMe.status).toBe(200);
    expect(adminMe.body).toMatchObject({ email: admin, is_admin: rights, is_superuser: false });
    expect(rootMe.body).toMatchObject({ email: root, is_admin: rights, is_superuser: rights });
  });

  it('are taken away when the same account comes back without a verified Google email', async () => {
    const email = `demoted-${randomUUID().slice(0, 8)}@example.com`;
    const app = testApp({ ADMIN_EMAILS: email });
    const sub = randomUUID();
    const signIn = async (verified: boolean) => {
      const claims = { sub, email, email_verified: verified, name: 'Same Account' };
      const { idToken } = await identityToolkit('accounts:signInWithIdp', {
        requestUri: 'http://localhost',
        returnSecureToken: true,
        postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
      });
      return idToken!;
    };

    const firstToken = await signIn(true);
    const first = await call(app, 'GET', '/api/users/me', { token: firstToken });
    // The account's address stops being verified (as when its owner changes it), then it signs in again.
    await identityToolkit('accounts:update', { localId: first.body.external_id, emailVerified: false }, true);
    const again = await call(app, 'GET', '/api/users/me', { token: await signIn(false) });

    expect(first.body.is_admin).toBe(true);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.is_admin).toBe(false);
  });
});
