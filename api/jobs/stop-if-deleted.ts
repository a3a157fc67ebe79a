import { workRowExists, type WorkTable } from '../services/privacy/queries/erase.ts';
import type { JobEnv } from './boss.ts';

/**
 * Runs a job's work; when it fails because its run or task was deleted meanwhile (its project deleted, alone or with
 * its owner's account), the job ends there, quietly and for good: nothing is left to retry and nothing may be written
 * for a project that is gone (the foreign keys already refused it). Any other failure is the queue's to retry.
 */
export async function stopIfDeleted(
  env: JobEnv,
  work: { table: WorkTable; id: string; label: string },
  run: () => Promise<void>,
): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (await workRowExists(env.sql, work.table, work.id).catch(() => true)) throw error;
    env.log(`${work.label}: stopped, its project was deleted`);
  }
}
