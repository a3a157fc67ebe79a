import type { CalendarEntry, EntryStatus } from '../../../src/lib/calendar/types.ts';
import type { Db } from '../../db/sql.ts';

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
  if (row.post_status === 'draft') return { status: 'draft', error: null };
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
  e.search_intent, e.outline, e.content_type, e.run_id, e.post_id, e.draft_label, e.written_by, e.updated_at, e.error as entry_error,
  r.status as run_status, r.error as run_error, r.post_id as run_post_id, p.status as post_status`;
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

/** The project's posts as the guard sees them. */
export async function selectPostKeywords(
  sql: Db,
  projectId: string,
): Promise<{ id: string; title: string; target_keyword: string; keywords: string[] }[]> {
  return sql`select id, title, target_keyword, keywords from blog_posts where project_id = ${projectId} order by created_at`;
}

/** The next free position on a day. */
export async function nextPosition(sql: Db, projectId: string, day: string): Promise<number> {
  const [row] = await sql<{ next: number }[]>`
    select coalesce(max(position) + 1, 0)::int as next from calendar_entries where project_id = ${projectId} and entry_date = ${day}`;
  return row!.next;
}
