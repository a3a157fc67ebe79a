import { PgBoss } from 'pg-boss';

export interface JobRunner {
  boss: PgBoss;
  stop: () => Promise<void>;
}

/** A worker registration: a queue name and what to do with each job. Features add theirs to WORKERS. */
export interface WorkerDefinition {
  queue: string;
  handle: (data: unknown) => Promise<unknown>;
}

/** Queues and their workers; each feature issue appends its own. */
export const WORKERS: WorkerDefinition[] = [];

/** Starts pg-boss on the app's database (schema pgboss) and, unless told not to, its workers. */
export async function startJobs(options: { databaseUrl: string; work: boolean; log?: (line: string) => void }): Promise<JobRunner> {
  const boss = new PgBoss({ connectionString: options.databaseUrl, schema: 'pgboss', max: 4 });
  boss.on('error', (error) => options.log?.(`job runner: ${error.message}`));
  await boss.start();
  for (const worker of WORKERS) {
    await boss.createQueue(worker.queue);
    if (!options.work) continue;
    await boss.work(worker.queue, async (jobs) => {
      for (const job of jobs) await worker.handle(job.data);
    });
  }
  return { boss, stop: () => boss.stop({ graceful: true, timeout: 10_000 }) };
}
