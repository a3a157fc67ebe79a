import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../api/config.ts';
import { migrate } from '../../api/db/migrate.ts';
import { createSql } from '../../api/db/sql.ts';
import { startBackingServices } from '../../api/runtime/services.ts';
import { freePortRange } from '../../scripts/ports.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    authEmulatorHost: string;
  }
}

/** One real embedded Postgres and one Auth emulator for the whole API suite, in a throw-away folder. */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), 'inkpilot-api-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePortRange(1)),
    AUTH_EMULATOR_PORT: String(await freePortRange(3)),
  });
  const backing = await startBackingServices(config, () => {});
  const sql = createSql(backing.databaseUrl, 1);
  await migrate(sql);
  await sql.end();
  project.provide('databaseUrl', backing.databaseUrl);
  project.provide('authEmulatorHost', backing.authEmulatorHost ?? '');
  return async () => {
    await backing.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
