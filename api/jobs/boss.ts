import { type JobInsert, PgBoss, type Queue, type SendOptions, type WorkOptions } from 'pg-boss';
import type { Config } from '../config.ts';
import { batched } from '../lib/batch.ts';
import { insertDeadLetter } from '../db/job-dead-letters.ts';
import type { Sql } from '../db/sql.ts';
import { configurePostRendering } from '../services/posts/render.ts';

/** What a job handler works with: the app's database and settings, and a logger. */
export interface JobEnv {
  sql: Sql;
  config: Config;
  log: (line: string) => void;
  /** Where a handler queues further work (the autopilot starts workflow runs). */
  jobs?: JobQueue;
}

/** One attempt at a job, as a handler sees it. */
export interface JobAttempt<T> {
  id: string;
  data: T;
  /** 0 on the first attempt, 1 on the first retry, ... */
  retryCount: number;
}

/** A queue, its retry policy and its handlers. Features add theirs to WORKERS. */
export interface WorkerDefinition<T = any> {
  queue: string;
  options: Omit<Queue, 'name'>;
  /** How this process works the queue (default: 2 at a time); e.g. groupConcurrency for a per-project limit. */
  work?: (config: Config) => WorkOptions;
  handle: (job: JobAttempt<T>, env: JobEnv) => Promise<void>;
  /** A cron expression: pg-boss sends one job on this schedule (one per period across all processes). */
  schedule?: string;
  /** Called once a job has run out of retries (from the queue's dead-letter queue). */
  onDeadLetter?: (data: T, env: JobEnv) => Promise<void>;
  /** How the start-up sweep settles the rows of this queue a crash left open (one sweep for every queue: recoverOpen). */
  recovery?: Recovery<T>;
}

/**
 * A queue whose jobs each work one row (a task or a run) that the client polls: how to find the rows of the queue
 * still open, and how to settle one whose job failed or is gone.
 */
export interface Recovery<T> {
  /** What a row is called in the log ("brand task"). */
  label: string;
  /** The open rows of the queue (its pg-boss name), each with the job meant to work it and its pg-boss group. */
  open: (sql: Sql, queue: string) => Promise<{ id: string; job_id: string | null; group?: string }[]>;
  /** Ends a row whose job failed for good. */
  fail: (env: JobEnv, id: string) => Promise<void>;
  /** The job data that works the row. */
  data: (id: string) => T;
  /** Records the job the row was queued again with. */
  requeued: (sql: Sql, id: string, jobId: string) => Promise<void>;
}

/**
 * Settles the rows of a queue a crash left open, at start-up: pg-boss still owns a job that is created, retrying or
 * active; a failed job ends its row; a job that is gone (completed without settling the row, cancelled, or deleted)
 * is queued again, and the work resumes where the row says it is.
 */
async function recoverOpen<T>(
  recovery: Recovery<T>,
  env: JobEnv,
  queue: string,
  jobs: { state: (jobId: string) => Promise<string | null>; send: (data: T, options?: SendOptions) => Promise<string> },
): Promise<void> {
  for (const row of await recovery.open(env.sql, queue)) {
    const state = row.job_id ? await jobs.state(row.job_id) : null;
    if (state === 'created' || state === 'retry' || state === 'active') continue;
    if (state === 'failed') {
      await recovery.fail(env, row.id);
      continue;
    }
    const jobId = await jobs.send(recovery.data(row.id), row.group ? { group: { id: row.group } } : undefined);
    await recovery.requeued(env.sql, row.id, jobId);
    env.log(`${recovery.label} ${row.id}: re-queued at start-up (job ${state ?? 'missing'})`);
  }
}

/** Sends work to a queue; what routes get instead of pg-boss itself. */
export interface JobQueue {
  send: (queue: string, data: object, options?: SendOptions) => Promise<string>;
  /**
   * Sends a job with its own id (and group): the jobs sent to a queue in the same turn of the event loop go in one
   * statement (pg-boss insert), for queues that take many jobs at once (workflow runs).
   */
  enqueue: (queue: string, data: object, options: { id: string; group?: { id: string } }) => Promise<void>;
  /** Cancels a job that has not finished; the caller's own row decides whether it may (pg-boss cancels active jobs too). */
  cancel?: (queue: string, jobId: string) => Promise<boolean>;
  /** The queue's name in pg-boss (with JOBS_QUEUE_PREFIX), as task rows record it. */
  named: (queue: string) => string;
  /**
   * Cancels jobs and removes them, by the pg-boss queue name a task row recorded (any prefix): the work of a deleted
   * project. A job a worker is running goes too; its handler finds its row gone and stops.
   */
  discard?: (pgBossQueue: string, jobIds: string[]) => Promise<void>;
}

export interface JobRunner extends JobQueue {
  boss: PgBoss;
  stop: () => Promise<void>;
}

const deadLetterQueue = (queue: string) => `${queue}__dead`;

export interface StartJobsOptions {
  databaseUrl: string;
  work: boolean;
  sql: Sql;
  config: Config;
  log?: (line: string) => void;
  /** The queues to create and work: api/jobs/registry.ts WORKERS. */
  workers: WorkerDefinition[];
}

/**
 * Starts pg-boss on the app's database (schema pgboss), creates every queue with its dead-letter queue and, unless
 * told not to, runs the workers and settles tasks a crashed worker left open.
 */
export async function startJobs(options: StartJobsOptions): Promise<JobRunner> {
  const log = options.log ?? (() => {});
  if (options.work) configurePostRendering(options.config); // save_post renders posts in this process
  const supervise = options.config.JOBS_SUPERVISE_SECONDS;
  const workOf = (worker: WorkerDefinition) => worker.work?.(options.config) ?? { localConcurrency: 2 };
  // A connection for each fetch loop (each queue's localConcurrency, and its dead-letter queue's one), so no loop waits
  // for another's connection, and 4 for sends, heartbeats and upkeep. With 4 in all, 32 runs at once waited in line
  // for their fetches and completions (bench:queue at 550 runs/s: pickup p50 55 ms to 2.6 s; 25-31 ms with 22).
  const loops = options.work
    ? options.workers.reduce((sum, worker) => sum + (workOf(worker).localConcurrency ?? 1) + 1, 0)
    : 0;
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: 'pgboss',
    max: 4 + loops,
    superviseIntervalSeconds: supervise,
    monitorIntervalSeconds: supervise,
    // Queues with `notify` wake their workers the moment a job is sent instead of at the next poll (one connection).
    useListenNotify: true,
  });
  boss.on('error', (error) => log(`job runner: ${error.message}`));
  await boss.start();
  const env: JobEnv = { sql: options.sql, config: options.config, log };
  const workers = options.workers;
  // Several deployments (or test files) can share one database, each with its own queues.
  const named = (queue: string) => `${options.config.JOBS_QUEUE_PREFIX}${queue}`;
  for (const worker of workers) {
    const dead = named(deadLetterQueue(worker.queue));
    await boss.createQueue(dead, { retryLimit: 0 });
    await boss.createQueue(named(worker.queue), { ...worker.options, deadLetter: dead });
    // createQueue leaves a queue that exists as it was made: a later release's options (retries, `notify`) reach a
    // deployment's queues through an update (a policy is fixed at creation).
    const { policy: _policy, ...changeable } = worker.options;
    await boss.updateQueue(named(worker.queue), { ...changeable, deadLetter: dead });
  }
  const inserts = new Map<string, (job: JobInsert) => Promise<void>>();
  const queue: JobQueue = {
    named,
    send: async (name, data, sendOptions) => {
      const id = await boss.send(named(name), data, sendOptions ?? {});
      if (!id) throw new Error(`job not queued on ${name}`);
      return id;
    },
    enqueue: async (name, data, { id, group }) => {
      let insert = inserts.get(name);
      if (!insert) {
        insert = batched(async (jobs: JobInsert[]) => {
          await boss.insert(named(name), jobs);
          return jobs.map(() => undefined);
        });
        inserts.set(name, insert);
      }
      await insert({ id, data, ...(group ? { group } : {}) });
    },
    cancel: async (name, jobId) => {
      const result = (await boss.cancel(named(name), jobId)) as { affected?: number } | undefined;
      return (result?.affected ?? 0) > 0;
    },
    discard: async (pgBossQueue, jobIds) => {
      if (!jobIds.length) return;
      await boss.cancel(pgBossQueue, jobIds);
      await boss.deleteJob(pgBossQueue, jobIds);
    },
  };
  env.jobs = queue;
  if (options.work) {
    for (const worker of workers) {
      if (worker.schedule) await boss.schedule(named(worker.queue), worker.schedule);
      const work = workOf(worker);
      if ((work.batchSize ?? 1) > 1) {
        // Batches: the jobs of one fetch run side by side and each settles on its own (a failed one alone is retried).
        await boss.work<any>(named(worker.queue), { ...work, perJobResults: true }, async (jobs) =>
          Promise.all(
            jobs.map(async (job) => {
              try {
                await worker.handle({ id: job.id, data: job.data, retryCount: job.retryCount ?? 0 }, env);
                return { id: job.id, status: 'completed' as const };
              } catch (error) {
                log(`${worker.queue} job ${job.id}: ${error instanceof Error ? error.message : String(error)}`);
                return {
                  id: job.id,
                  status: 'failed' as const,
                  output: { message: error instanceof Error ? error.message : String(error) },
                };
              }
            }),
          ),
        );
      } else {
        await boss.work<any>(named(worker.queue), work, async ([job]) => {
          if (job) await worker.handle({ id: job.id, data: job.data, retryCount: job.retryCount ?? 0 }, env);
        });
      }
      await boss.work<any>(named(deadLetterQueue(worker.queue)), async ([job]) => {
        if (!job) return;
        await insertDeadLetter(options.sql, worker.queue, job.data, 'retries exhausted');
        await worker.onDeadLetter?.(job.data, env);
      });
      if (worker.recovery) {
        await recoverOpen(worker.recovery, env, named(worker.queue), {
          state: async (jobId) => (await boss.findJobs(named(worker.queue), { id: jobId }))[0]?.state ?? null,
          send: async (data, sendOptions) =>
            (await boss.send(named(worker.queue), data as object, sendOptions ?? {})) ?? '',
        });
      }
    }
  }
  return {
    boss,
    ...queue,
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
