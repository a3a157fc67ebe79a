import type { Config } from '../../config.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Sql } from '../../db/sql.ts';
import type { JobQueue } from '../../jobs/boss.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { createCaches } from '../caches.ts';
import {
  claimDueSlots,
  closeSlot,
  failSlotRow,
  markSlotStarted,
  releaseStaleStarts,
  retrySlot,
  type SlotKey,
  selectEndedSlots,
  takeDueSlots,
} from './queries/autopilot.ts';
import { selectEntry, setEntryError } from './queries/entries.ts';
import { startRun as defaultStartRun, type StartRun } from './run-starter.ts';
import { startEntryRun } from './verbs.ts';

/** Attempts at a scheduled entry before it fails for good, and the pause before the next one (doubling). */
export const AUTOPILOT_MAX_ATTEMPTS = 3;
/** The queue pg-boss's cron sends the minute ticks to (api/jobs/autopilot.ts). */
export const AUTOPILOT_QUEUE = 'autopilot-tick';
export const AUTOPILOT_BACKOFF_MS = 5 * 60_000;

export interface TickEnv {
  sql: Sql;
  config: Config;
  /** The job runner's queues: runs are sent there, and slots are claimed under its tick queue's name. */
  jobs: JobQueue | undefined;
  log?: (line: string) => void;
  /** The runs engine; tests may pass another one. */
  startRun?: StartRun;
}

// A job has no change feed: a feed that never goes live makes every cache read go to the database.
const NO_FEED: ChangeFeed = { live: false, ready: Promise.resolve(), subscribe: () => {}, stop: async () => {} };

const backoff = (attempts: number) => AUTOPILOT_BACKOFF_MS * 2 ** Math.max(0, attempts - 1);

/**
 * One run of the autopilot at `now` (the cron calls it every minute; tests pass their own clock):
 * 1. claims every planned entry whose slot (its day at the slot time, in the project's time zone) has come, once —
 *    the claim is a row keyed by project, day and entry, so a slot missed while the server was down runs at the
 *    next tick and never twice;
 * 2. starts a run for each claimed entry that is due (publishing or not, per the settings): the system acts for the
 *    entry's project, crediting the run and its post to the account billed for the project (its first owner,
 *    usage/queries/billed-owner.ts);
 * 3. follows started runs: a failed run is tried again after a doubling pause, and after the last attempt the entry
 *    carries the reason, which the calendar and the dashboard show.
 */
export async function autopilotTick(
  env: TickEnv,
  now: Date,
): Promise<{ claimed: number; started: number; failed: number }> {
  const { sql } = env;
  const queue = env.jobs?.named(AUTOPILOT_QUEUE) ?? AUTOPILOT_QUEUE;
  const claimed = await claimDueSlots(sql, now, queue);

  // A ticker that died between taking an attempt and starting it leaves it 'starting': give it back after 10 minutes.
  await releaseStaleStarts(sql, queue);

  let failed = 0;
  // Runs that ended: success closes the slot; an error is retried or, out of attempts, shown on the entry.
  for (const slot of await selectEndedSlots(sql, queue)) {
    if (slot.run_status === 'success') {
      await closeSlot(sql, slot);
    } else if (slot.attempts < AUTOPILOT_MAX_ATTEMPTS) {
      const nextAttemptAt = new Date(now.getTime() + backoff(slot.attempts));
      await retrySlot(sql, slot, { nextAttemptAt, error: slot.run_error, onlyStarted: true });
    } else {
      failed += await failSlot(sql, slot, slot.run_error ?? `run ${slot.run_status}`);
    }
  }

  // Due attempts: each is taken by one ticker (status due → starting), then started as the account billed for the
  // project (the same owner its plan is charged to).
  let started = 0;
  // One context for the tick; each entry is started by the system acting for its own project.
  const base = { sql, config: env.config, caches: createCaches(NO_FEED), jobs: env.jobs };
  for (const slot of await takeDueSlots(sql, now, queue)) {
    try {
      const entry = await selectEntry(sql, slot.entry_id);
      if (!entry) continue;
      if (!slot.owner_id) throw new Error('The project has no owner to generate posts for.');
      const ctx: ServiceContext = {
        ...base,
        actor: { kind: 'system', projectId: slot.project_id, creditTo: slot.owner_id },
      };
      const run = await startEntryRun(ctx, entry, slot.publish_mode === 'publish', env.startRun ?? defaultStartRun);
      await markSlotStarted(sql, slot, run.run_id);
      started++;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      env.log?.(`autopilot: entry ${slot.entry_id} attempt ${slot.attempts} failed: ${reason}`);
      if (slot.attempts < AUTOPILOT_MAX_ATTEMPTS) {
        const nextAttemptAt = new Date(now.getTime() + backoff(slot.attempts));
        await retrySlot(sql, slot, { nextAttemptAt, error: reason, onlyStarted: false });
      } else {
        failed += await failSlot(sql, slot, reason);
      }
    }
  }
  return { claimed: claimed.length, started, failed };
}

/** Ends a slot for good and puts the reason on its entry (the calendar and the dashboard show it). */
async function failSlot(sql: Sql, slot: SlotKey & { attempts: number }, reason: string): Promise<number> {
  const message = `Scheduled generation failed after ${slot.attempts} ${slot.attempts === 1 ? 'attempt' : 'attempts'}: ${reason}`;
  await sql.begin(async (tx) => {
    await failSlotRow(tx, slot, reason);
    await setEntryError(tx, slot.project_id, slot.entry_id, message);
  });
  return 1;
}
