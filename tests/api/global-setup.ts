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
    /** One migrated database per test worker, by VITEST_POOL_ID − 1: read it through helpers' testDatabaseUrl(). */
    workerDatabaseUrls: string[];
    authEmulatorHost: string;
  }
}

/** Connections the server allows for each test worker. */
const MAX_CONNECTIONS_PER_WORKER = 250;

/**
 * One real embedded Postgres and one Auth emulator for the whole API suite, in a throw-away folder. The database is
 * migrated once and copied for each worker (`create database … template`), so files running side by side on two
 * workers never see each other's rows, job queues or change notifications, as when they ran one after another.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), 'inkpilot-api-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePortRange(1)),
    AUTH_EMULATOR_PORT: String(await freePortRange(3)),
  });
  // One file alone has held up to ~190 connections (job runners with a connection per fetch loop, crashed workers'
  // children); the server's usual 200 would refuse clients when two such files run at once.
  const backing = await startBackingServices(config, () => {}, {
    maxConnections: MAX_CONNECTIONS_PER_WORKER * project.config.maxWorkers,
  });
  let workerDatabaseUrls: string[];
  try {
    workerDatabaseUrls = await workerDatabases(backing.databaseUrl, project.config.maxWorkers);
  } catch (error) {
    await backing.stop();
    throw error;
  }
  project.provide('workerDatabaseUrls', workerDatabaseUrls);
  project.provide('authEmulatorHost', backing.authEmulatorHost ?? '');
  return async () => {
    await backing.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

/** Migrates the database at `url`, then copies it once per worker; returns the copies' URLs, worker 1 first. */
async function workerDatabases(url: string, workers: number): Promise<string[]> {
  const sql = createSql(url, 1);
  try {
    await migrate(sql);
  } finally {
    await sql.end(); // a template must have no session while it is copied
  }
  const template = new URL(url).pathname.slice(1);
  const admin = createSql(withDatabase(url, 'postgres'), 1);
  try {
    const urls: string[] = [];
    for (let worker = 1; worker <= workers; worker++) {
      const name = `${template}_w${worker}`;
      await admin.unsafe(`create database ${name} template ${template}`);
      urls.push(withDatabase(url, name));
    }
    return urls;
  } finally {
    await admin.end();
  }
}

function withDatabase(url: string, name: string): string {
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return copy.toString();
}
