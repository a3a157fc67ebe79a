import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePortRange } from '../../scripts/ports.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'inkpilot-exit-code-'));

describe('a process that ran the embedded PostgreSQL', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps its own failing exit code (so a failed test run fails CI)', async () => {
    const port = await freePortRange(1);
    const script = [
      "import { startEmbeddedPostgres } from './api/db/embedded.ts';",
      `const db = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port} });`,
      'await db.stop();',
      'process.exitCode = 3;',
    ].join('\n');

    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 120_000,
    });

    expect(result.stderr).not.toMatch(/TypeError/);
    expect(result.status).toBe(3);
  });
});
