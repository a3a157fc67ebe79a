import type { AutopilotSettings } from '../../../../src/lib/calendar/types.ts';
import type { Db } from '../../../db/sql.ts';
import { billedOwnerOf } from '../../usage/queries/billed-owner.ts';

// The autopilot: a project's settings (project_autopilot) and the slots it claims, one per project, day and entry
// (autopilot_slots), each keyed to the tick queue that works it.

type Settings = Omit<AutopilotSettings, 'project_id'>;

/** The project's autopilot settings, or undefined when they were never set. */
export async function selectAutopilot(sql: Db, projectId: string): Promise<Settings | undefined> {
  const [row]: [Settings?] = await sql`
    select enabled, time_zone, to_char(slot_time, 'HH24:MI') as slot_time, publish_mode
    from project_autopilot where project_id = ${projectId}`;
  return row;
}

/** Sets the project's autopilot; `enabledFrom` is kept while it stays on (earlier days are never replayed). */
export async function upsertAutopilot(
  sql: Db,
  projectId: string,
  settings: Pick<Settings, 'enabled' | 'time_zone' | 'publish_mode'> & { enabledFrom: string | null },
): Promise<void> {
  await sql`
    insert into project_autopilot (project_id, enabled, time_zone, publish_mode, enabled_from)
    values (${projectId}, ${settings.enabled}, ${settings.time_zone}, ${settings.publish_mode}, ${settings.enabledFrom})
    on conflict (project_id) do update set
      enabled = excluded.enabled, time_zone = excluded.time_zone, publish_mode = excluded.publish_mode,
      enabled_from = case when project_autopilot.enabled and excluded.enabled then project_autopilot.enabled_from else excluded.enabled_from end,
      updated_at = now()`;
}

/** Drops the failed slot of an entry, so the autopilot takes it again. */
export async function deleteFailedSlot(sql: Db, projectId: string, entryId: string): Promise<void> {
  await sql`delete from autopilot_slots where project_id = ${projectId} and entry_id = ${entryId} and status = 'failed'`;
}

/** A slot: one project's entry on one day. */
export interface SlotKey {
  project_id: string;
  slot_date: string;
  entry_id: string;
}

/**
 * Claims, for the tick queue, every planned entry of an enabled autopilot whose slot (its day at the slot time, in
 * the project's time zone) has come by `now`: once, since the slot row is keyed by project, day and entry.
 */
export async function claimDueSlots(sql: Db, now: Date, queue: string): Promise<string[]> {
  const rows: { entry_id: string }[] = await sql`
    insert into autopilot_slots (project_id, slot_date, entry_id, next_attempt_at, tick_queue)
    select e.project_id, e.entry_date, e.id, ${now}, ${queue}
    from calendar_entries e
    join project_autopilot a on a.project_id = e.project_id and a.enabled
    where e.run_id is null and e.post_id is null and e.error is null
      and e.entry_date >= coalesce(a.enabled_from, e.entry_date)
      and (e.entry_date + a.slot_time) <= (${now}::timestamptz at time zone a.time_zone)
    on conflict do nothing
    returning entry_id`;
  return rows.map((row) => row.entry_id);
}

/** Gives back attempts a ticker took over 10 minutes ago without starting them (it died in between). */
export async function releaseStaleStarts(sql: Db, queue: string): Promise<void> {
  await sql`
    update autopilot_slots set status = 'due', updated_at = now()
    where status = 'starting' and tick_queue = ${queue} and updated_at < now() - interval '10 minutes'`;
}

/** Started slots of the queue whose runs have ended, with how. */
export async function selectEndedSlots(
  sql: Db,
  queue: string,
): Promise<(SlotKey & { attempts: number; run_status: string; run_error: string | null })[]> {
  return sql`
    select s.project_id, s.slot_date::text as slot_date, s.entry_id, s.attempts, r.status as run_status, r.error as run_error
    from autopilot_slots s join workflow_runs r on r.id = s.run_id
    where s.status = 'started' and s.tick_queue = ${queue} and r.status in ('success', 'error', 'cancelled')`;
}

/**
 * Takes the queue's due attempts (due → starting, attempts + 1), each by one ticker, with the project's publish mode
 * and the account billed for it, whom the run is made for.
 */
export async function takeDueSlots(
  sql: Db,
  now: Date,
  queue: string,
): Promise<(SlotKey & { attempts: number; publish_mode: string; owner_id: string | null })[]> {
  return sql`
    update autopilot_slots s set status = 'starting', attempts = s.attempts + 1, updated_at = now()
    from project_autopilot a
    where a.project_id = s.project_id and s.status = 'due' and s.tick_queue = ${queue} and s.next_attempt_at <= ${now}
    returning s.project_id, s.slot_date::text as slot_date, s.entry_id, s.attempts, a.publish_mode,
      ${billedOwnerOf(sql, sql`s.project_id`)} as owner_id`;
}

const slotIs = (sql: Db, slot: SlotKey) =>
  sql`project_id = ${slot.project_id} and slot_date = ${slot.slot_date} and entry_id = ${slot.entry_id}`;

/** Closes a started slot whose run succeeded. */
export async function closeSlot(sql: Db, slot: SlotKey): Promise<void> {
  await sql`update autopilot_slots set status = 'done', updated_at = now() where ${slotIs(sql, slot)} and status = 'started'`;
}

/** Records the run a slot's attempt started. */
export async function markSlotStarted(sql: Db, slot: SlotKey, runId: string): Promise<void> {
  await sql`update autopilot_slots set status = 'started', run_id = ${runId}, updated_at = now() where ${slotIs(sql, slot)}`;
}

/**
 * Makes a slot due again at `nextAttemptAt` with the reason of the attempt that failed; `started` only touches it
 * while its run is the one that failed (it is still 'started').
 */
export async function retrySlot(
  sql: Db,
  slot: SlotKey,
  retry: { nextAttemptAt: Date; error: string | null; onlyStarted: boolean },
): Promise<void> {
  await sql`
    update autopilot_slots set status = 'due', next_attempt_at = ${retry.nextAttemptAt}, error = ${retry.error}, updated_at = now()
    where ${slotIs(sql, slot)} ${retry.onlyStarted ? sql`and status = 'started'` : sql``}`;
}

/** Ends a slot for good with the reason. */
export async function failSlotRow(sql: Db, slot: SlotKey, reason: string): Promise<void> {
  await sql`update autopilot_slots set status = 'failed', error = ${reason}, updated_at = now() where ${slotIs(sql, slot)}`;
}
