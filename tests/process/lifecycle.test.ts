import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePortRange } from '../../scripts/ports.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'inkpilot-lifecycle-'));
const ports = { PORT: 0, EMBEDDED_PG_PORT: 0, AUTH_EMULATOR_PORT: 0 };

function listening(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** The environment without settings that point at services other suites started (firebase-admin sets the emulator host in-process). */
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
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, base };
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

async function signIn(email: string): Promise<string> {
  const claims = { sub: `sub-${email}`, email, email_verified: true, name: 'Life Cycle' };
  const response = await fetch(
    `http://127.0.0.1:${ports.AUTH_EMULATOR_PORT}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`,
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
  return ((await response.json()) as { idToken: string }).idToken;
}

describe('server process', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stops everything it started on SIGTERM and finds the same data on the next start', async () => {
    ports.PORT = await freePortRange(1);
    ports.EMBEDDED_PG_PORT = await freePortRange(1);
    ports.AUTH_EMULATOR_PORT = await freePortRange(3);
    const first = await startServer();
    const token = await signIn('keeper@example.com');
    const created = await fetch(`${first.base}/api/projects/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Survives restarts' }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('x-content-type-options')).toBe('nosniff'); // set on the Node response itself
    expect(existsSync(`/tmp/.s.PGSQL.${ports.EMBEDDED_PG_PORT}`)).toBe(true); // the API reaches Postgres through it

    const code = await stop(first.child);

    expect(code).toBe(0);
    expect(await listening(ports.PORT)).toBe(false);
    expect(await listening(ports.EMBEDDED_PG_PORT)).toBe(false);
    expect(await listening(ports.AUTH_EMULATOR_PORT)).toBe(false);
    expect(existsSync(`/tmp/.s.PGSQL.${ports.EMBEDDED_PG_PORT}`)).toBe(false); // the database's Unix socket too

    const second = await startServer();
    const again = await signIn('keeper@example.com');
    const list = await fetch(`${second.base}/api/projects/`, { headers: { authorization: `Bearer ${again}` } });
    const projects = (await list.json()) as { name: string }[];
    await stop(second.child);

    expect(projects.map((project) => project.name)).toEqual(['Survives restarts']);
    expect(list.headers.get('x-content-type-options')).toBe('nosniff');
  }, 180_000);
});
