import type { Config } from '../../config.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Sql } from '../../db/sql.ts';
import type { JobQueue } from '../../jobs/boss.ts';
import type { ServiceContext, User } from '../../lib/context.ts';
import { createCaches } from '../caches.ts';
import { selectEntry } from './queries.ts';
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
 * 2. starts a run for each claimed entry that is due (publishing or not, per the settings), as the project's owner;
 * 3. follows started runs: a failed run is tried again after a doubling pause, and after the last attempt the entry
 *    carries the reason, which the calendar and the dashboard show.
 */
export async function autopilotTick(
  env: TickEnv,
  now: Date,
): Promise<{ claimed: number; started: number; failed: number }> {
  const { sql } = env;
  const queue = env.jobs?.named(AUTOPILOT_QUEUE) ?? AUTOPILOT_QUEUE;
  const claimed = await sql`
    insert into autopilot_slots (project_id, slot_date, entry_id, next_attempt_at, tick_queue)
    select e.project_id, e.entry_date, e.id, ${now}, ${queue}
    from calendar_entries e
    join project_autopilot a on a.project_id = e.project_id and a.enabled
    where e.run_id is null and e.post_id is null and e.error is null
      and e.entry_date >= coalesce(a.enabled_from, e.entry_date)
      and (e.entry_date + a.slot_time) <= (${now}::timestamptz at time zone a.time_zone)
    on conflict do nothing
    returning entry_id`;

  // A ticker that died between taking an attempt and starting it leaves it 'starting': give it back after 10 minutes.
  await sql`update autopilot_slots set status = 'due', updated_at = now() where status = 'starting' and tick_queue = ${queue} and updated_at < now() - interval '10 minutes'`;

  let failed = 0;
  // Runs that ended: success closes the slot; an error is retried or, out of attempts, shown on the entry.
  const ended = await sql<
    {
      project_id: string;
      slot_date: string;
      entry_id: string;
      attempts: number;
      run_status: string;
      run_error: string | null;
    }[]
  >`
    select s.project_id, s.slot_date::text as slot_date, s.entry_id, s.attempts, r.status as run_status, r.error as run_error
    from autopilot_slots s join workflow_runs r on r.id = s.run_id
    where s.status = 'started' and s.tick_queue = ${queue} and r.status in ('success', 'error', 'cancelled')`;
  for (const slot of ended) {
    const key = sql`project_id = ${slot.project_id} and slot_date = ${slot.slot_date} and entry_id = ${slot.entry_id} and status = 'started'`;
    if (slot.run_status === 'success') {
      await sql`update autopilot_slots set status = 'done', updated_at = now() where ${key}`;
    } else if (slot.attempts < AUTOPILOT_MAX_ATTEMPTS) {
      await sql`update autopilot_slots set status = 'due', next_attempt_at = ${new Date(now.getTime() + backoff(slot.attempts))}, error = ${slot.run_error}, updated_at = now() where ${key}`;
    } else {
      failed += await failSlot(sql, slot, slot.run_error ?? `run ${slot.run_status}`);
    }
  }

  // Due attempts: each is taken by one ticker (status due → starting), then started.
  const due = await sql<
    {
      project_id: string;
      slot_date: string;
      entry_id: string;
      attempts: number;
      publish_mode: string;
      owner_id: string | null;
    }[]
  >`
    update autopilot_slots s set status = 'starting', attempts = s.attempts + 1, updated_at = now()
    from project_autopilot a
    where a.project_id = s.project_id and s.status = 'due' and s.tick_queue = ${queue} and s.next_attempt_at <= ${now}
    returning s.project_id, s.slot_date::text as slot_date, s.entry_id, s.attempts, a.publish_mode,
      (select m.user_id from project_members m where m.project_id = s.project_id and m.role = 'owner' order by m.created_at limit 1) as owner_id`;
  let started = 0;
  for (const slot of due) {
    const key = sql`project_id = ${slot.project_id} and slot_date = ${slot.slot_date} and entry_id = ${slot.entry_id}`;
    try {
      const entry = await selectEntry(sql, slot.entry_id);
      if (!entry) continue;
      const owner = slot.owner_id ? await selectUser(sql, slot.owner_id) : undefined;
      if (!owner) throw new Error('The project has no owner to generate posts for.');
      const ctx: ServiceContext = {
        sql,
        config: env.config,
        caches: createCaches(NO_FEED),
        jobs: env.jobs,
        user: owner,
        scheduled: true,
      };
      const run = await startEntryRun(ctx, entry, slot.publish_mode === 'publish', env.startRun ?? defaultStartRun);
      await sql`update autopilot_slots set status = 'started', run_id = ${run.run_id}, updated_at = now() where ${key}`;
      started++;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      env.log?.(`autopilot: entry ${slot.entry_id} attempt ${slot.attempts} failed: ${reason}`);
      if (slot.attempts < AUTOPILOT_MAX_ATTEMPTS) {
        await sql`update autopilot_slots set status = 'due', next_attempt_at = ${new Date(now.getTime() + backoff(slot.attempts))}, error = ${reason}, updated_at = now() where ${key}`;
      } else {
        failed += await failSlot(sql, slot, reason);
      }
    }
  }
  return { claimed: claimed.length, started, failed };
}

/** Ends a slot for good and puts the reason on its entry (the calendar and the dashboard show it). */
async function failSlot(
  sql: Sql,
  slot: { project_id: string; slot_date: string; entry_id: string; attempts: number },
  reason: string,
): Promise<number> {
  const message = `Scheduled generation failed after ${slot.attempts} ${slot.attempts === 1 ? 'attempt' : 'attempts'}: ${reason}`;
  await sql.begin(async (tx) => {
    await tx`update autopilot_slots set status = 'failed', error = ${reason}, updated_at = now()
             where project_id = ${slot.project_id} and slot_date = ${slot.slot_date} and entry_id = ${slot.entry_id}`;
    await tx`update calendar_entries set error = ${message}, updated_at = now() where id = ${slot.entry_id}`;
  });
  return 1;
}

async function selectUser(sql: Sql, id: string): Promise<User | undefined> {
  const [user] = await sql<User[]>`
    select id, external_id, email, first_name, last_name, avatar_url, is_admin, is_superuser, tokens_valid_after from users where id = ${id}`;
  return user;
}
