// The docs' "Several processes in development" lines, run the way a person types them (each in a terminal of its own,
// with the machine's PATH): one Auth emulator, `npm start` and a second API process on its database, one person.
// A file of its own so the process tests' two workers share the documented commands (documented-commands.test.ts
// runs the rest); it claims its heading in that file's RUN_BY.
import { chmodSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePortRange } from '../../scripts/ports.mjs';
import { emulatorSignIn, waitForOutput, type Command } from './support/commands.ts';
import { commandLines, docBlock, withPorts } from './support/docs.ts';
import { killTerminals, stopsCleanly, terminal } from './support/terminals.ts';

const OPS = 'docs/operations.md';
const base = mkdtempSync(join(tmpdir(), 'inkpilot-several-'));
chmodSync(base, 0o755); // as root, the embedded PostgreSQL runs as the postgres user and must enter it

afterAll(async () => {
  killTerminals();
  await rm(base, { recursive: true, force: true });
}, 60_000);

describe('the commands the docs show', () => {
  it('Several processes in development: one Auth emulator, two API processes, one person', {
    timeout: 600_000,
  }, async () => {
    const lines = commandLines(docBlock(OPS, 'Several processes in development', 'sh'));
    expect(lines).toHaveLength(3);
    const ports = {
      app: await freePortRange(1),
      second: await freePortRange(1),
      pg: await freePortRange(1),
      auth: await freePortRange(3),
    };
    // The documented ports, moved to free ones; the lines' defaults (4321, 54329, 9099) come from the environment.
    const moved = { 4321: ports.app, 4322: ports.second, 54329: ports.pg, 9099: ports.auth };
    const env = {
      DATA_DIR: join(base, 'shared'),
      // No site: these lines are about the API processes and their one emulator (npm start would build one first;
      // documented-commands.test.ts runs the build and serves it from each entry point).
      DIST_DIR: join(base, 'no-site'),
      SKIP_BUILD: '1',
      PORT: String(ports.app),
      EMBEDDED_PG_PORT: String(ports.pg),
      AUTH_EMULATOR_PORT: String(ports.auth),
    };
    const started: Command[] = [];
    try {
      for (const line of lines) {
        const command = terminal(withPorts(line, moved), env);
        started.push(command);
        await waitForOutput(command, /ready: /);
      }
      const token = await emulatorSignIn(`127.0.0.1:${ports.auth}`, 'shared@example.com');
      const ask = (port: number, path: string, init: RequestInit = {}) =>
        fetch(`http://127.0.0.1:${port}${path}`, {
          ...init,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        });

      const first = (await (await ask(ports.app, '/api/users/me/')).json()) as { id: string };
      const second = (await (await ask(ports.second, '/api/users/me/')).json()) as { id: string };
      const made = await ask(ports.app, '/api/projects/', { method: 'POST', body: JSON.stringify({ name: 'Shared' }) });
      const listed = (await (await ask(ports.second, '/api/projects/')).json()) as { name: string }[];

      expect(second.id).toBe(first.id);
      expect(made.status).toBe(201);
      expect(listed.map((project) => project.name)).toContain('Shared');
      expect(started[0]!.output()).toContain(
        `point each process at it: FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:${ports.auth}`,
      );
    } finally {
      for (const command of started.reverse()) await stopsCleanly(command);
    }
  });
});
