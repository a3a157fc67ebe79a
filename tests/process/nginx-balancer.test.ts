import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../api/db/embedded.ts';
import { createSql } from '../../api/db/sql.ts';
import { startAuthEmulator } from '../../api/runtime/auth-emulator.ts';
import { freePortRange } from '../../scripts/ports.mjs';
import {
  emulatorSignIn,
  getWithHost,
  killMarked,
  markedProcesses,
  runLine,
  stopCommand,
  terminalEnv,
  waitForOutput,
  type Command,
} from './support/commands.ts';
import { commandLines, docBlock, withPorts } from './support/docs.ts';
import { startNginx } from './support/nginx.ts';

// docs/operations.md, 'Several API processes behind nginx': its two commands and its nginx file, run as written
// (ports moved to free ones, the database URL pointed at a real PostgreSQL) with Debian's nginx in front.
const OPS = 'docs/operations.md';
const SECTION = 'Several API processes behind nginx';
const DOCUMENTED_URL = 'postgres://inkpilot:change-me@db.example.com:5432/inkpilot';
const base = mkdtempSync(join(tmpdir(), 'inkpilot-nginx-'));
chmodSync(base, 0o755); // as root, the embedded PostgreSQL runs as the postgres user and must enter it
const markers: string[] = [];

afterAll(async () => {
  for (const marker of markers) killMarked(marker);
  await rm(base, { recursive: true, force: true });
}, 60_000);

describe('two API processes behind nginx, as docs/operations.md sets them up', () => {
  it('balances over both, keeps them consistent, serves blogs by Host and survives one stopping', async () => {
    const lines = commandLines(docBlock(OPS, SECTION, 'sh'));
    expect(lines).toHaveLength(2);
    const database = await startEmbeddedPostgres({ dataDir: join(base, 'db'), port: await freePortRange(1) });
    const emulator = await startAuthEmulator({
      dataDir: join(base, 'emulator'),
      port: await freePortRange(3),
      projectId: 'demo-inkpilot',
    });
    const ports = { 4321: await freePortRange(1), 4322: await freePortRange(1), 80: await freePortRange(1) };
    const processes: Command[] = [];
    let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
    try {
      for (const line of lines) {
        const marker = randomUUID();
        markers.push(marker);
        const written = withPorts(line, ports).replace(DOCUMENTED_URL, database.url);
        const command = runLine(
          written,
          terminalEnv(marker, {
            FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
            DIST_DIR: join(base, 'no-site'),
            JOBS_QUEUE_PREFIX: `nginx${process.pid}`,
          }),
        );
        processes.push(command);
      }
      for (const command of processes) await waitForOutput(command, /ready: http/);
      nginx = await startNginx(join(base, 'nginx'), withPorts(docBlock(OPS, SECTION, 'nginx'), ports), ports[80]);
      const origin = `http://127.0.0.1:${ports[80]}`;
      const token = await emulatorSignIn(emulator.host, 'balanced@example.com');
      const ask = (path: string, init: RequestInit = {}) =>
        fetch(`${origin}${path}`, {
          ...init,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        });

      const made = await ask('/api/projects/', { method: 'POST', body: JSON.stringify({ name: 'Balanced' }) });
      const lists: string[][] = [];
      for (let i = 0; i < 8; i++)
        lists.push(((await (await ask('/api/projects/')).json()) as { name: string }[]).map((p) => p.name));
      const sql = createSql(database.url, 1);
      const [project]: [{ slug: string }?] = await sql`select slug from projects where name = 'Balanced'`;
      await sql.end();
      const blog = await getWithHost(origin, `${project?.slug}.blogs.localhost`, '/');

      expect(made.status).toBe(201);
      for (const list of lists) expect(list).toContain('Balanced'); // whichever process answered
      const upstreams = new Set(nginx.accessLog().match(/127\.0\.0\.1:\d+/g));
      expect(upstreams).toEqual(new Set([`127.0.0.1:${ports[4321]}`, `127.0.0.1:${ports[4322]}`]));
      expect(blog.status).toBe(200);
      expect(blog.text).toContain('Balanced');

      expect([0, 'SIGTERM']).toContain(await stopCommand(processes[0]!));
      const afterStop: number[] = [];
      for (let i = 0; i < 6; i++) afterStop.push((await ask('/api/projects/')).status);

      expect(afterStop).toEqual([200, 200, 200, 200, 200, 200]);
    } finally {
      await nginx?.stop();
      for (const command of processes) await stopCommand(command);
      for (const marker of markers) await expect.poll(() => markedProcesses(marker), { timeout: 30_000 }).toEqual([]);
      await emulator.stop();
      await database.stop();
    }
  });
});
