import { loadConfig } from './config.ts';
import { migrate } from './db/migrate.ts';
import { createSql } from './db/sql.ts';
import { startJobs } from './jobs/boss.ts';
import { WORKERS } from './jobs/registry.ts';
import { loadDotEnv } from './runtime/dotenv.ts';
import { whenNpmParentGone } from './runtime/parent-watch.ts';

const log = (line: string) => console.log(`[inkpilot worker] ${line}`);

/** `npm run worker`: job workers alone (no HTTP), for scaling work apart from the API. Needs DATABASE_URL. */
async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  if (!config.DATABASE_URL)
    throw new Error('npm run worker needs DATABASE_URL (the embedded database belongs to npm start).');
  const sql = createSql(config.DATABASE_URL, 4);
  let jobs: Awaited<ReturnType<typeof startJobs>> | undefined;
  let stopping = false;
  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    log(`${reason}: stopping`);
    await jobs?.stop();
    await sql.end({ timeout: 5 });
    process.exit(0);
  };
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  whenNpmParentGone(() => void stop('npm stopped'));
  await migrate(sql, log);
  if (stopping) return;
  jobs = await startJobs({ databaseUrl: config.DATABASE_URL, work: true, sql, config, log, workers: WORKERS });
  log('working');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
