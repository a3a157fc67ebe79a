import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePortRange } from '../../scripts/ports.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'inkpilot-sign-in-config-'));

/** The environment without anything another suite pointed at its own services. */
function ownEnv(): NodeJS.ProcessEnv {
  const {
    FIREBASE_AUTH_EMULATOR_HOST: _e,
    FIREBASE_PROJECT_ID: _p,
    DATABASE_URL: _d,
    NODE_ENV: _n,
    ...rest
  } = process.env;
  return rest;
}

/** Runs the real server entry with the given settings until it exits; returns its exit code and everything it printed. */
async function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const [port, pg, auth] = [await freePortRange(1), await freePortRange(1), await freePortRange(3)];
  const child = spawn(process.execPath, ['api/server.ts'], {
    env: {
      ...ownEnv(),
      DATA_DIR: dataDir,
      DIST_DIR: join(dataDir, 'no-site'),
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pg),
      AUTH_EMULATOR_PORT: String(auth),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once('exit', (exitCode) => done(exitCode)));
  return { code, output };
}

/**
 * Settings under which an unsigned (alg: none) emulator token naming any email would have been accepted: the server
 * must not start at all, and must say which variables to fix.
 */
const FAILS_OPEN: { name: string; env: Record<string, string>; says: RegExp[] }[] = [
  {
    name: 'a real project with a stray emulator host',
    env: { FIREBASE_PROJECT_ID: 'inkpilot-prod', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9' },
    says: [/FIREBASE_AUTH_EMULATOR_HOST/, /FIREBASE_PROJECT_ID/],
  },
  {
    name: 'production without a project (would start the emulator)',
    env: { NODE_ENV: 'production' },
    says: [/NODE_ENV=production/, /FIREBASE_PROJECT_ID/],
  },
  {
    name: 'production with an emulator host',
    env: { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'inkpilot-prod', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9' },
    says: [/NODE_ENV=production/, /FIREBASE_AUTH_EMULATOR_HOST/],
  },
];

describe('a server whose sign-in would trust unsigned tokens', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each(FAILS_OPEN)('refuses to start: $name', async ({ env, says }) => {
    const { code, output } = await runServer(env);

    expect(code).toBe(1);
    expect(output).toMatch(/Refusing to start/);
    for (const pattern of says) expect(output).toMatch(pattern);
    expect(output).not.toMatch(/ready: http/);
  });
});
