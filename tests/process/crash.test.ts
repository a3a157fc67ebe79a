import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive } from '../../api/runtime/processes.ts';
import { freePortRange } from '../../scripts/ports.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'inkpilot-crash-'));
const ports = { PORT: 0, EMBEDDED_PG_PORT: 0, AUTH_EMULATOR_PORT: 0 };
const EMAIL = 'survivor@example.com';

/** The processes of this checkout: every command line that names its data folder (postgres -D, the emulator's config, the watchdog). */
function processesOfDataDir(): string[] {
  return execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(dataDir));
}

/** The emulator's saved accounts, as the next start imports them. */
function savedAccounts(): string {
  try {
    return readFileSync(join(dataDir, 'firebase/export/auth_export/accounts.json'), 'utf8');
  } catch {
    return '';
  }
}

/** The environment without settings that point at services other suites started. */
function ownEnv(): NodeJS.ProcessEnv {
  const { FIREBASE_AUTH_EMULATOR_HOST: _emulator, DATABASE_URL: _database, ...rest } = process.env;
  return {
    ...rest,
    DATA_DIR: dataDir,
    DIST_DIR: join(dataDir, 'no-site'),
    SKIP_BUILD: '1',
    ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
  };
}

interface Running {
  child: ChildProcess;
  base: string;
  output: string[];
  exited: Promise<number | null>;
}

/** Starts `script` (the server itself or `npm start`'s script) and waits until the API answers. */
async function start(script: string): Promise<Running> {
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'], env: ownEnv() });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const base = `http://127.0.0.1:${ports.PORT}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}:\n${output.join('')}`);
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, base, output, exited };
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${script} did not become ready:\n${output.join('')}`);
}

/** Signs the same Google person in through the emulator (a saved account, or a new one with the same verified email). */
async function signIn(): Promise<string> {
  const claims = { sub: 'survivor-google-sub', email: EMAIL, email_verified: true, name: 'Sur Vivor' };
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

async function projectNames(base: string, token: string): Promise<string[]> {
  const response = await fetch(`${base}/api/projects/`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { name: string }[]).map((project) => project.name).sort();
}

const names = Array.from({ length: 5 }, (_, i) => `Crash-proof ${i + 1}`);

describe('a server killed with SIGKILL', () => {
  afterAll(() => {
    for (const line of processesOfDataDir()) process.kill(Number(line.trim().split(/\s+/)[0]), 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no process behind, and npm start then comes up with the same person and every project', async () => {
    ports.PORT = await freePortRange(1);
    ports.EMBEDDED_PG_PORT = await freePortRange(1);
    ports.AUTH_EMULATOR_PORT = await freePortRange(3);
    const first = await start('api/server.ts');
    const token = await signIn();
    const me = (await (
      await fetch(`${first.base}/api/users/me/`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { id: string; external_id: string };
    for (const name of names) {
      const created = await fetch(`${first.base}/api/projects/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
      expect(created.status).toBe(201);
    }
    expect(processesOfDataDir().length).toBeGreaterThanOrEqual(3); // postgres, the emulator, the watchdog
    // The account is saved while the emulator runs, not only when it exits.
    await expect.poll(savedAccounts, { timeout: 10_000 }).toContain(EMAIL);

    first.child.kill('SIGKILL');
    await first.exited;

    await expect.poll(processesOfDataDir, { timeout: 40_000 }).toEqual([]);

    const second = await start('scripts/start.mjs');
    const again = await signIn();
    const meAgain = (await (
      await fetch(`${second.base}/api/users/me/`, { headers: { authorization: `Bearer ${again}` } })
    ).json()) as { id: string; external_id: string };
    expect(meAgain.id).toBe(me.id);
    expect(meAgain.external_id).toBe(me.external_id); // the emulator came back with the saved account
    expect(await projectNames(second.base, again)).toEqual(expect.arrayContaining(names));
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    // The watchdog notices its parent is gone on its next check: everything is gone within moments, not at once.
    await expect.poll(processesOfDataDir, { timeout: 10_000 }).toEqual([]);
  }, 240_000);

  it('reclaims the Postgres and emulator a killed server and watchdog left, and a second Ctrl+C exits at once leaving nothing', async () => {
    const first = await start('api/server.ts');
    const watchdog = processesOfDataDir().find((line) => line.includes('watchdog-process'));
    expect(watchdog).toBeDefined();

    // Everything of ours but the services dies at once (as kill -9 of a whole session would leave them).
    process.kill(Number(watchdog?.trim().split(/\s+/)[0]), 'SIGKILL');
    first.child.kill('SIGKILL');
    await first.exited;
    expect(
      processesOfDataDir().filter((line) => line.includes('postgres -D') || line.includes('firebase.json')),
    ).toHaveLength(2);

    const second = await start('api/server.ts');
    const log = second.output.join('');
    expect(log).toContain('stopped the embedded PostgreSQL a previous run left running');
    expect(log).toContain('stopped the Auth emulator a previous run left running');
    const token = await signIn();
    expect(await projectNames(second.base, token)).toEqual(expect.arrayContaining(names));

    second.child.kill('SIGINT');
    await expect.poll(() => second.output.join('')).toContain('SIGINT: stopping');
    second.child.kill('SIGINT');

    expect(await second.exited).toBe(130);
    expect(second.output.join('')).toContain('SIGINT again: exiting now');
    await expect.poll(processesOfDataDir, { timeout: 40_000 }).toEqual([]);
  }, 240_000);

  it('leaves a process that is not its own alone and still says the port or folder is taken', async () => {
    const stranger = spawn('sleep', ['300'], { stdio: 'ignore' });
    const listener = createServer().listen(ports.EMBEDDED_PG_PORT, '127.0.0.1');
    await new Promise((done) => listener.once('listening', done));
    writeFileSync(join(dataDir, 'postgres/postmaster.pid'), `${stranger.pid}\n${join(dataDir, 'postgres')}\n`);

    // An emulator "of your own" is named, so only Postgres is started and the failure comes at once.
    const env = { ...ownEnv(), FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.AUTH_EMULATOR_PORT}` };
    const server = spawn(process.execPath, ['api/server.ts'], { stdio: ['ignore', 'pipe', 'pipe'], env });
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((done) => server.once('exit', (exitCode) => done(exitCode)));

    expect(code).toBe(1);
    expect(output).toContain(`Embedded PostgreSQL did not start on port ${ports.EMBEDDED_PG_PORT}`);
    expect(output).toContain(
      `Port ${ports.EMBEDDED_PG_PORT} is in use by another program: stop it, or set EMBEDDED_PG_PORT`,
    );
    expect(isAlive(stranger.pid ?? 0)).toBe(true);
    stranger.kill('SIGKILL');
    listener.close();
    await expect.poll(processesOfDataDir, { timeout: 40_000 }).toEqual([]);
  }, 240_000);
});
