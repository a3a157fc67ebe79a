import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../api/db/embedded.ts';
import { freePortRange } from '../../scripts/ports.mjs';
import { emulatorSignIn, machinePath, root, waitForOutput } from './support/commands.ts';
import { codeBlocks, commandLines, docBlock } from './support/docs.ts';
import { killTerminals, stopsCleanly, terminal } from './support/terminals.ts';

// Every `sh` block of README.md and docs/operations.md is run by a test, the way a person types it, with the
// machine's PATH: there `node` is the machine's own (Node 20 on the CI machine), and npm brings the project's Node 24.
const OPS = 'docs/operations.md';
const base = mkdtempSync(join(tmpdir(), 'inkpilot-documented-'));
chmodSync(base, 0o755); // as root, the embedded PostgreSQL runs as the postgres user and must enter it
// Inside the project: the built server resolves its packages from the project's node_modules.
const dist = join(root, `.dist-docs-${process.pid}`);

afterAll(async () => {
  killTerminals();
  await rm(base, { recursive: true, force: true });
  await rm(dist, { recursive: true, force: true });
}, 60_000);

/** Which test runs the `sh` blocks under each heading. */
const RUN_BY: Record<string, string> = {
  'Run it': 'documented-commands.test.ts',
  'Test it': 'documented-commands.test.ts',
  'Entry points': 'documented-commands.test.ts',
  'Several processes in development': 'documented-several-processes.test.ts',
  'Several API processes behind nginx': 'nginx-balancer.test.ts',
};

async function serverPorts() {
  return {
    PORT: String(await freePortRange(1)),
    EMBEDDED_PG_PORT: String(await freePortRange(1)),
    AUTH_EMULATOR_PORT: String(await freePortRange(3)),
  };
}

describe('the commands the docs show', () => {
  it('every sh block of README.md and docs/operations.md is one a test runs', () => {
    const blocks = [...codeBlocks('README.md'), ...codeBlocks(OPS)].filter((block) => block.lang === 'sh');

    for (const block of blocks) {
      const runner = RUN_BY[block.heading];
      expect(runner, `${block.file}: no test runs the sh block under "${block.heading}"`).toBeDefined();
      expect(readFileSync(join(root, 'tests/process', runner!), 'utf8')).toContain(`'${block.heading}'`);
    }
    expect(blocks.length).toBeGreaterThanOrEqual(5);
  });

  it("the README's: npm install && npm start, npm test", () => {
    const lines = [
      ...commandLines(docBlock('README.md', 'Run it', 'sh')),
      ...commandLines(docBlock('README.md', 'Test it', 'sh')),
    ];
    const ci = readFileSync(join(root, '.ci/run'), 'utf8');

    expect(lines).toEqual(['npm install && npm start', 'npm test']);
    // `npm start` is an entry point run below; install and test are what CI runs on every clean clone, this suite
    // included (npm ci is npm install held to the lock file).
    expect(commandLines(docBlock(OPS, 'Entry points', 'sh'))).toContain('npm start');
    expect(ci).toMatch(/^npm ci\b/m);
    expect(ci).toMatch(/^npm test$/m);
  });

  it("each entry point runs on the machine's PATH and stops on SIGTERM", { timeout: 900_000 }, async () => {
    const machineNode = execFileSync('node', ['--version'], {
      encoding: 'utf8',
      env: { PATH: machinePath() },
    }).trim();
    console.log(`the machine's node: ${machineNode}`);
    const lines = commandLines(docBlock(OPS, 'Entry points', 'sh'));
    expect(lines).toContain('npm run build'); // built first: the servers serve it
    const ordered = ['npm run build', ...lines.filter((line) => line !== 'npm run build')];
    const database = await startEmbeddedPostgres({ dataDir: join(base, 'worker-db'), port: await freePortRange(1) });
    try {
      for (const line of ordered) {
        if (line === 'npm run build') {
          const build = terminal(line, { DIST_DIR: dist });
          expect(await build.exited, build.output().slice(-3000)).toBe(0);
          expect(existsSync(join(dist, 'server/entry.mjs'))).toBe(true);
        } else if (['npm start', 'npm run serve', 'node_modules/.bin/node api/server.ts'].includes(line)) {
          const ports = await serverPorts();
          const server = terminal(line, { DIST_DIR: dist, DATA_DIR: join(base, 'data'), ...ports });
          await waitForOutput(server, /ready: http/);
          const origin = `http://127.0.0.1:${ports.PORT}`;
          expect((await fetch(`${origin}/api/health`)).status).toBe(200);
          expect((await fetch(`${origin}/pricing`)).status, `${line} serves the built site`).toBe(200);
          expect(server.output()).not.toContain('building the site'); // npm run build's output is used as it is
          await stopsCleanly(server);
        } else if (line === 'npm run worker') {
          const worker = terminal(line, { DATABASE_URL: database.url, JOBS_QUEUE_PREFIX: `docs${Date.now()}` });
          await waitForOutput(worker, /\[inkpilot worker\] working/);
          await stopsCleanly(worker);
        } else if (line === 'npm run auth-emulator') {
          const port = String(await freePortRange(3));
          const emulator = terminal(line, { DATA_DIR: join(base, 'emulator'), AUTH_EMULATOR_PORT: port });
          await waitForOutput(emulator, /ready: 127\.0\.0\.1:/);
          expect(await emulatorSignIn(`127.0.0.1:${port}`, 'entry@example.com')).toBeTruthy();
          await stopsCleanly(emulator);
        } else throw new Error(`${OPS} shows "${line}" under Entry points, and this test does not know how to run it`);
      }
    } finally {
      await database.stop();
    }
  });
});
