import type { CalendarEntry, CalendarEntryEdit, EntryStatus } from '../../../../src/lib/calendar/types.ts';
import type { Db } from '../../../db/sql.ts';

type Row = Omit<CalendarEntry, 'status' | 'error' | 'updated_at'> & {
  updated_at: Date;
  entry_error: string | null;
  run_status: string | null;
  run_error: string | null;
  run_post_id: string | null;
  post_status: string | null;
};

/** The entry's status from its run and post (never stored, so it cannot drift from them). */
export function deriveStatus(row: Pick<Row, 'post_status' | 'run_status' | 'run_error' | 'entry_error'>): {
  status: EntryStatus;
  error: string | null;
} {
  if (row.post_status === 'published') return { status: 'published', error: null };
  // A scheduled post is not live yet: its entry reads as a draft until the schedule publishes it.
  if (row.post_status === 'draft' || row.post_status === 'scheduled') return { status: 'draft', error: null };
  if (row.run_status && ['pending', 'in_progress', 'running'].includes(row.run_status))
    return { status: 'generating', error: null };
  if (row.entry_error) return { status: 'failed', error: row.entry_error };
  if (row.run_status === 'error' || row.run_status === 'cancelled')
    return { status: 'failed', error: row.run_error ?? `Run ${row.run_status}.` };
  return { status: 'planned', error: null };
}

const present = (row: Row): CalendarEntry => {
  const { entry_error, run_status, run_error, run_post_id, post_status, ...rest } = row;
  return {
    ...rest,
    post_id: rest.post_id ?? run_post_id,
    ...deriveStatus({ entry_error, run_status, run_error, post_status }),
    updated_at: row.updated_at.toISOString(),
  };
};

const columns = (sql: Db) => sql`
  e.id, e.project_id, e.entry_date::text as date, e.position, e.title, e.target_keyword, e.secondary_keywords,
  e.search_intent, e.outline, e.content_type, e.language, e.run_id, e.post_id, e.draft_label, e.written_by, e.source_label,
  e.updated_at, e.error as entry_error,
  r.status as run_status, r.error as run_error, r.post_id as run_post_id, p.status as post_status,
  coalesce(p.brief, false) as post_brief`;
const joins = (sql: Db) => sql`
  from calendar_entries e
  left join workflow_runs r on r.id = e.run_id
  left join blog_posts p on p.id = coalesce(e.post_id, r.post_id)`;

/** A project's entries from `from` to `to` (inclusive), by day then position. */
export async function selectEntries(sql: Db, projectId: string, from: string, to: string): Promise<CalendarEntry[]> {
  const rows = await sql<Row[]>`
    select ${columns(sql)} ${joins(sql)}
    where e.project_id = ${projectId} and e.entry_date between ${from} and ${to}
    order by e.entry_date, e.position, e.created_at`;
  return rows.map(present);
}

/** One entry, or undefined. */
export async function selectEntry(sql: Db, id: string): Promise<CalendarEntry | undefined> {
  const [row] = await sql<Row[]>`select ${columns(sql)} ${joins(sql)} where e.id = ${id}`;
  return row && present(row);
}

/** Every entry of a project (the guard compares with them), oldest day first. */
export async function selectAllEntries(sql: Db, projectId: string): Promise<CalendarEntry[]> {
  const rows = await sql<
    Row[]
  >`select ${columns(sql)} ${joins(sql)} where e.project_id = ${projectId} order by e.entry_date, e.position`;
  return rows.map(present);
}

/** The language an entry of the project asks for (null: the project's), or undefined when it has no such entry. */
export async function selectEntryLanguage(sql: Db, projectId: string, id: string): Promise<string | null | undefined> {
  const [row]: [{ language: string | null }?] =
    await sql`select language from calendar_entries where id = ${id} and project_id = ${projectId}`;
  return row?.language;
}

/** The project's posts as the guard sees them. */
export async function selectPostKeywords(
  sql: Db,
  projectId: string,
): Promise<{ id: string; title: string; target_keyword: string; keywords: string[] }[]> {
  return sql`select id, title, target_keyword, keywords from blog_posts where project_id = ${projectId} order by created_at`;
}

/** The next free position on a day. */
export async function nextPosition(sql: Db, projectId: string, day: string): Promise<number> {
  const [row]: [{ next: number }?] = await sql`
    select coalesce(max(position) + 1, 0)::int as next from calendar_entries where project_id = ${projectId} and entry_date = ${day}`;
  return row?.next ?? 0;
}

/** An entry's fields as written (a new entry, or an edit merged over the stored one). */
export type EntryFields = Required<Omit<CalendarEntryEdit, 'date'>> & { date: string };

/** Adds an entry to the project at a position of its day and answers its id. */
export async function insertEntry(
  sql: Db,
  projectId: string,
  entry: Partial<EntryFields> & Pick<EntryFields, 'date' | 'title'> & { position: number; userId: string },
): Promise<string> {
  const [row]: [{ id: string }?] = await sql`
    insert into calendar_entries (project_id, entry_date, position, title, target_keyword, secondary_keywords, search_intent, outline, content_type, language, created_by)
    values (${projectId}, ${entry.date}, ${entry.position}, ${entry.title}, ${entry.target_keyword ?? ''}, ${entry.secondary_keywords ?? []},
            ${entry.search_intent ?? 'informational'}, ${entry.outline ?? []}, ${entry.content_type ?? 'guide'}, ${entry.language ?? null}, ${entry.userId})
    returning id`;
  if (!row) throw new Error('calendar entry insert returned nothing');
  return row.id;
}

/**
 * Writes an entry's fields. An entry whose scheduled generation failed for good is put back on the plan: its reason
 * and its failed run's link are cleared. Answers whether it was such an entry (its spent slot must go too).
 */
export async function updateEntryFields(
  sql: Db,
  projectId: string,
  id: string,
  entry: EntryFields & { position: number },
): Promise<{ scheduled_failure: boolean } | undefined> {
  const [row]: [{ scheduled_failure: boolean }?] = await sql`
    update calendar_entries e set
      entry_date = ${entry.date}, position = ${entry.position}, title = ${entry.title},
      target_keyword = ${entry.target_keyword}, secondary_keywords = ${entry.secondary_keywords},
      search_intent = ${entry.search_intent}, outline = ${entry.outline},
      content_type = ${entry.content_type}, language = ${entry.language}, updated_at = now(),
      run_id = case when e.error is not null and e.post_id is null then null else e.run_id end,
      error = null
    from calendar_entries old
    where e.id = ${id} and e.project_id = ${projectId} and old.id = e.id
    returning old.error is not null and old.post_id is null as scheduled_failure`;
  return row;
}

/** Deletes an entry of the project (a post it made stays). */
export async function deleteEntryRow(sql: Db, projectId: string, id: string): Promise<void> {
  await sql`delete from calendar_entries where id = ${id} and project_id = ${projectId}`;
}

/** Links the run started for an entry (its post, error and old run are cleared). */
export async function linkEntryRun(sql: Db, projectId: string, id: string, runId: string): Promise<void> {
  await sql`
    update calendar_entries set run_id = ${runId}, post_id = null, error = null, updated_at = now()
    where id = ${id} and project_id = ${projectId}`;
}

/** Shows why the scheduled generation of an entry failed for good. */
export async function setEntryError(sql: Db, projectId: string, id: string, message: string): Promise<void> {
  await sql`
    update calendar_entries set error = ${message}, updated_at = now() where id = ${id} and project_id = ${projectId}`;
}

/** Deletes the project's planned entries (no run, no post) from `from` to `to`, which a new plan replaces. */
export async function deletePlannedEntries(sql: Db, projectId: string, from: string, to: string): Promise<void> {
  await sql`
    delete from calendar_entries
    where project_id = ${projectId} and entry_date between ${from} and ${to} and run_id is null and post_id is null`;
}

/** Adds an entry a plan task wrote (first on its day). */
export async function insertPlannedEntry(
  sql: Db,
  projectId: string,
  entry: Omit<EntryFields, 'date' | 'language'> & {
    date: string;
    planTaskId: string;
    draftLabel: string | null;
    writtenBy: string | null;
    sourceLabel?: string | null;
    userId: string | null;
  },
): Promise<void> {
  await sql`
    insert into calendar_entries (project_id, plan_task_id, entry_date, position, title, target_keyword, secondary_keywords,
                                  search_intent, outline, content_type, draft_label, written_by, source_label, created_by)
    values (${projectId}, ${entry.planTaskId}, ${entry.date}, 0, ${entry.title}, ${entry.target_keyword}, ${entry.secondary_keywords},
            ${entry.search_intent}, ${entry.outline}, ${entry.content_type}, ${entry.draftLabel}, ${entry.writtenBy},
            ${entry.sourceLabel ?? null}, ${entry.userId})`;
}
