import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db, Sql } from '../../db/sql.ts';
import type { JobQueue } from '../../jobs/boss.ts';
import type { PostActor } from './events.ts';

/** The pg-boss queue whose one job drains the outbox (api/jobs/post-events.ts). */
export const POST_EVENTS_QUEUE = 'post-events';

/** The outbox rows of this deployment are marked with its queue's full name (JOBS_QUEUE_PREFIX + queue). */
export const outboxQueue = (config: Config): string => `${config.JOBS_QUEUE_PREFIX}${POST_EVENTS_QUEUE}`;

/** What every transition takes: the caller's transaction, who acts, and the outbox its event goes to. */
export interface Transition {
  tx: Db;
  actor: PostActor;
  outbox: string;
  /** Set when an event some subscriber wants was appended: the consumer is woken after the commit, else not. */
  wake?: { needed: boolean };
}

/** What running a transition of its own needs: the pool, the settings, and the queue that wakes the consumer. */
export interface OutboxDeps {
  sql: Sql;
  config: Config;
  jobs?: JobQueue | undefined;
}

/**
 * Wakes the consumer once something was appended and committed. A lost wake-up (no job runner in this process, the
 * queue unreachable) delays delivery until the consumer's minute sweep; it never loses the event, which is a row.
 */
export async function wakeOutbox(jobs: JobQueue | undefined): Promise<void> {
  // One job may wait and one run at a time (queue policy 'stately'): a wake-up while one waits is dropped.
  await jobs?.enqueue(POST_EVENTS_QUEUE, {}, { id: randomUUID() }).catch(() => {});
}

/**
 * Runs transitions in one transaction of their own, then wakes the consumer (after the commit, so it sees them) when
 * they appended an event some subscriber wants.
 */
export function inTransition<T>(
  deps: OutboxDeps,
  actor: PostActor,
  run: (transition: Transition) => Promise<T>,
): Promise<T> {
  return appending(deps, actor, (transition) => deps.sql.begin((tx) => run({ ...transition, tx })) as Promise<T>);
}

/**
 * inTransition for a transition that writes its change and its event in one statement (atomic on its own), so it
 * runs on the pool without a transaction's begin and commit: a draft's edit (lifecycle.saveEdit), every autosave.
 */
export function inOneStatement<T>(
  deps: OutboxDeps,
  actor: PostActor,
  run: (transition: Transition) => Promise<T>,
): Promise<T> {
  return appending(deps, actor, (transition) => run({ ...transition, tx: deps.sql }));
}

async function appending<T>(
  deps: OutboxDeps,
  actor: PostActor,
  run: (transition: Omit<Transition, 'tx'>) => Promise<T>,
): Promise<T> {
  const wake = { needed: false };
  const result = await run({ actor, outbox: outboxQueue(deps.config), wake });
  if (wake.needed) await wakeOutbox(deps.jobs);
  return result;
}
