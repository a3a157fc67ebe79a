import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePortRange } from '../../scripts/ports.mjs';

// Issue 26: a server restart signed everyone out. The emulator's import stamped every account's validSince with the
// import time, so every ID token issued before the restart counted as revoked, for the API and for the browser SDK.

const dataDir = mkdtempSync(join(tmpdir(), 'inkpilot-sessions-'));
const ports = { PORT: 0, EMBEDDED_PG_PORT: 0, AUTH_EMULATOR_PORT: 0 };
const emulator = () => `http://127.0.0.1:${ports.AUTH_EMULATOR_PORT}`;

/** The environment without settings that point at services other suites started. */
function ownEnv(): NodeJS.ProcessEnv {
  const { FIREBASE_AUTH_EMULATOR_HOST: _emulator, DATABASE_URL: _database, ...rest } = process.env;
  return rest;
}

async function startServer(): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['api/server.ts'], {
    stdio: 'ignore',
    env: {
      ...ownEnv(),
      DATA_DIR: dataDir,
      DIST_DIR: join(dataDir, 'no-site'),
      ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
    },
  });
  const base = `http://127.0.0.1:${ports.PORT}`;
  // As long as the server itself waits for the Auth emulator (on a busy 2-core machine its CLI has taken 50 s to load).
  for (let i = 0; i < 750; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, base };
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error('server did not become ready');
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => {
    child.once('exit', (code) => done(code));
    child.kill('SIGTERM');
  });
}

/** Signs in to the emulator as the local account chooser does: an ID token and the refresh token the SDK keeps. */
async function signIn(email: string): Promise<{ idToken: string; refreshToken: string }> {
  const claims = { sub: `local-${email}`, email, email_verified: true, name: 'Sam Session' };
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
  return (await response.json()) as { idToken: string; refreshToken: string };
}

const me = (base: string, token: string) =>
  fetch(`${base}/api/users/me/`, { headers: { authorization: `Bearer ${token}` } });

/** What the browser SDK does first when a page opens with a stored user: looks the account up with its ID token. */
const lookup = (idToken: string) =>
  fetch(`${emulator()}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken }),
  });

/** The SDK's silent refresh (the workspace's one retry after a 401). */
async function refresh(refreshToken: string): Promise<Response> {
  return fetch(`${emulator()}/securetoken.googleapis.com/v1/token?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `grant_type=refresh_token&refresh_token=${encodeURIComponent(refreshToken)}`,
  });
}

describe('sessions across a server restart', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps a signed-in user signed in, and keeps a signed-out one signed out', async () => {
    ports.PORT = await freePortRange(1);
    ports.EMBEDDED_PG_PORT = await freePortRange(1);
    ports.AUTH_EMULATOR_PORT = await freePortRange(3);
    const first = await startServer();
    const kept = await signIn('kept@example.com');
    const leaver = await signIn('leaver@example.com');
    expect((await me(first.base, kept.idToken)).status).toBe(200);
    expect((await me(first.base, leaver.idToken)).status).toBe(200);
    // Revocation works in whole seconds: a token from the same second as the logout would still count.
    await new Promise((done) => setTimeout(done, 2_100));
    const logout = await fetch(`${first.base}/api/users/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${leaver.idToken}` },
    });
    expect(logout.ok).toBe(true);
    await new Promise((done) => setTimeout(done, 1_500)); // the accounts are saved every second
    expect(await stop(first.child)).toBe(0);

    const second = await startServer();
    try {
      // The same ID token, issued before the restart, still opens the workspace...
      const again = await me(second.base, kept.idToken);
      expect(again.status).toBe(200);
      expect(((await again.json()) as { email: string }).email).toBe('kept@example.com');
      // ...the browser SDK still finds its account with it, and its silent refresh still works.
      expect((await lookup(kept.idToken)).status).toBe(200);
      const refreshed = await refresh(kept.refreshToken);
      expect(refreshed.status).toBe(200);
      const fresh = ((await refreshed.json()) as { id_token: string }).id_token;
      expect((await me(second.base, fresh)).status).toBe(200);

      // Logging out before the restart still counts after it.
      expect((await me(second.base, leaver.idToken)).status).toBe(401);
      expect((await lookup(leaver.idToken)).status).toBe(400);
    } finally {
      await stop(second.child);
    }
  }, 360_000);
});
