import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../api/db/embedded.ts';
import { freePortRange } from '../../scripts/ports.mjs';
import { killMarked, markedProcesses, run, terminalEnv, waitForOutput } from './support/commands.ts';

// A supervisor (systemd, a container runtime, a CI job) starts `npm start` and later sends SIGTERM to the pid it
// started: npm's. npm forwards it to its `sh -c` only, which dies of it; everything below must stop all the same.
const dataDir = mkdtempSync(join(tmpdir(), 'inkpilot-npm-stop-'));
chmodSync(dataDir, 0o755); // as root, the embedded PostgreSQL runs as the postgres user and must enter it
const markers: string[] = [];

afterAll(() => {
  for (const marker of markers) killMarked(marker);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM to the npm a supervisor started', () => {
  it('npm start: the server, embedded PostgreSQL, Auth emulator and watchdog all stop, in order', async () => {
    const marker = randomUUID();
    markers.push(marker);
    const port = await freePortRange(1);
    const env = terminalEnv(marker, {
      DATA_DIR: join(dataDir, 'start'),
      DIST_DIR: join(dataDir, 'no-site'),
      SKIP_BUILD: '1',
      PORT: String(port),
      EMBEDDED_PG_PORT: String(await freePortRange(1)),
      AUTH_EMULATOR_PORT: String(await freePortRange(3)),
    });
    // exec: the supervisor's pid is npm's own, as with systemd's ExecStart=npm start.
    const npm = run('exec npm start', env);
    await waitForOutput(npm, /ready: http/);
    const tree = markedProcesses(marker).join('\n');
    for (const part of ['scripts/start.mjs', 'api/server.ts', 'watchdog-process', 'postgres -D', 'firebase.json'])
      expect(tree).toContain(part);

    npm.child.kill('SIGTERM');
    await npm.exited;

    await expect.poll(() => markedProcesses(marker), { timeout: 60_000, interval: 250 }).toEqual([]);
    expect(npm.output()).toContain('[inkpilot] SIGTERM: stopping'); // the server's own ordered stop, not the watchdog
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });

  it('npm run worker stops too', async () => {
    const marker = randomUUID();
    markers.push(marker);
    const database = await startEmbeddedPostgres({ dataDir: join(dataDir, 'worker-db'), port: await freePortRange(1) });
    try {
      const worker = run(
        'exec npm run worker',
        terminalEnv(marker, { DATABASE_URL: database.url, JOBS_QUEUE_PREFIX: `npmstop${Date.now()}` }),
      );
      await waitForOutput(worker, /\[inkpilot worker\] working/);
      expect(markedProcesses(marker).join('\n')).toContain('api/worker.ts');

      worker.child.kill('SIGTERM');
      await worker.exited;

      await expect.poll(() => markedProcesses(marker), { timeout: 30_000, interval: 250 }).toEqual([]);
      expect(worker.output()).toContain('[inkpilot worker] npm stopped: stopping');
    } finally {
      await database.stop();
    }
  });
});
