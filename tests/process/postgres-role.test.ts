import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePortRange } from '../../scripts/ports.mjs';
import {
  emulatorSignIn,
  killMarked,
  markedProcesses,
  runLine,
  stopCommand,
  terminalEnv,
  waitForOutput,
} from './support/commands.ts';
import { docBlock } from './support/docs.ts';

// docs/operations.md, 'PostgreSQL': its statements, run by a superuser on Debian's PostgreSQL, make a role with no
// right beyond owning its database; the server and a worker then start, migrate and work with exactly that role.
const OPS = 'docs/operations.md';
const base = mkdtempSync(join(tmpdir(), 'inkpilot-pg-role-'));
chmodSync(base, 0o755);
const marker = randomUUID();
let cluster: ChildProcess | undefined;

afterAll(async () => {
  killMarked(marker);
  cluster?.kill('SIGINT');
  await new Promise((done) => (cluster && cluster.exitCode === null ? cluster.once('exit', done) : done(undefined)));
  await rm(base, { recursive: true, force: true });
}, 60_000);

/** Debian's PostgreSQL server programs (the newest installed), or a failure that says how to get them. */
function debianPostgres(): { bin: string; version: number } {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).map(Number).filter(Number.isInteger) : [];
  const version = Math.max(0, ...versions);
  if (version < 15 || !existsSync(join(root, String(version), 'bin/postgres')))
    throw new Error(
      'PostgreSQL 15+ is not installed: apt-get install -y postgresql (.ci/run installs it when missing)',
    );
  return { bin: join(root, String(version), 'bin'), version };
}

/** As root, PostgreSQL must run as another user: Debian's package made `postgres`. */
function runAs(): { uid?: number; gid?: number } {
  if (userInfo().uid !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

describe('the PostgreSQL role docs/operations.md asks for', () => {
  it('owns its database and nothing more, and is all the server and a worker need', async () => {
    const { bin, version } = debianPostgres();
    const user = runAs();
    const dataDir = join(base, 'cluster');
    const socketDir = join(base, 'socket');
    for (const dir of [dataDir, socketDir]) {
      mkdirSync(dir);
      if (user.uid !== undefined) chownSync(dir, user.uid, user.gid!);
    }
    execFileSync(
      join(bin, 'initdb'),
      ['-D', dataDir, '-U', 'postgres', '--auth-local=trust', '--auth-host=scram-sha-256'],
      { ...user, stdio: 'ignore' },
    );
    const port = await freePortRange(1);
    cluster = spawn(
      join(bin, 'postgres'),
      ['-D', dataDir, '-p', String(port), '-k', socketDir, '-c', 'listen_addresses=127.0.0.1'],
      { ...user, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let log = '';
    cluster.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await expect.poll(() => log, { timeout: 30_000 }).toContain('ready to accept connections');
    const superuser = new pg.Client({ host: socketDir, port, user: 'postgres', database: 'postgres' });
    await superuser.connect();
    // The documented statements, one at a time, as psql would send them.
    for (const statement of docBlock(OPS, 'PostgreSQL', 'sql')
      .split(';')
      .map((text) => text.trim()))
      if (statement) await superuser.query(statement);
    const [role] = (
      await superuser.query(
        "select rolsuper, rolcreatedb, rolcreaterole, rolbypassrls from pg_roles where rolname = 'inkpilot'",
      )
    ).rows;
    expect(role).toEqual({ rolsuper: false, rolcreatedb: false, rolcreaterole: false, rolbypassrls: false });

    const url = 'postgres://inkpilot:change-me@db.example.com:5432/inkpilot'.replace(
      'db.example.com:5432',
      `127.0.0.1:${port}`,
    );
    const server = runLine(
      'npm run serve',
      terminalEnv(marker, {
        DATABASE_URL: url,
        DATA_DIR: join(base, 'data'),
        DIST_DIR: join(base, 'no-site'),
        PORT: String(await freePortRange(1)),
        AUTH_EMULATOR_PORT: String(await freePortRange(3)),
      }),
    );
    const worker = runLine(
      'npm run worker',
      terminalEnv(marker, { DATABASE_URL: url, JOBS_QUEUE_PREFIX: `role${process.pid}` }),
    );
    try {
      await waitForOutput(server, /ready: http/);
      await waitForOutput(worker, /\[inkpilot worker\] working/);
      const origin = server.output().match(/ready: (http:\/\/\S+)/)![1]!;
      const authPort = server.output().match(/Firebase Auth emulator on (127\.0\.0\.1:\d+)/)![1]!;
      const token = await emulatorSignIn(authPort, 'role@example.com');
      const created = await fetch(`${origin}/api/projects/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Least privilege' }),
      });
      const inDatabase = new pg.Client({ host: socketDir, port, user: 'postgres', database: 'inkpilot' });
      await inDatabase.connect();
      const owners = (
        await inDatabase.query(
          "select nspname, pg_get_userbyid(nspowner) as owner from pg_namespace where nspname = 'pgboss'",
        )
      ).rows;
      const extension = (await inDatabase.query("select 1 from pg_extension where extname = 'pgcrypto'")).rowCount;
      await inDatabase.end();

      expect(created.status).toBe(201);
      expect(owners).toEqual([{ nspname: 'pgboss', owner: 'inkpilot' }]);
      expect(extension).toBe(1);
      console.log(`Debian PostgreSQL ${version}: the documented role is enough`);
    } finally {
      await superuser.end();
      await stopCommand(worker);
      await stopCommand(server);
      await expect.poll(() => markedProcesses(marker), { timeout: 30_000 }).toEqual([]);
    }
  });
});
