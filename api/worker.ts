import { loadConfig } from './config.ts';
import { migrate } from './db/migrate.ts';
import { createSql } from './db/sql.ts';
import { startJobs } from './jobs/boss.ts';
import { WORKERS } from './jobs/registry.ts';

const log = (line: string) => console.log(`[inkpilot worker] ${line}`);

/** `npm run worker`: job workers alone (no HTTP), for scaling work apart from the API. Needs DATABASE_URL. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.DATABASE_URL)
    throw new Error('npm run worker needs DATABASE_URL (the embedded database belongs to npm start).');
  const sql = createSql(config.DATABASE_URL, 4);
  await migrate(sql, log);
  const jobs = await startJobs({ databaseUrl: config.DATABASE_URL, work: true, sql, config, log, workers: WORKERS });
  log('working');
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  const stop = async () => {
    await jobs.stop();
    await sql.end({ timeout: 5 });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
