import type { Claim } from '../../../src/lib/claims/schema.ts';
import type { SourceText } from '../../../src/lib/claims/match.ts';
import type { Db } from '../../db/sql.ts';

/** A research note as stored: a passage of a page with its address and title. */
export interface NoteRow {
  url: string;
  title: string;
  passage: string;
}

/**
 * The stored text of these addresses in the project: snapshots of pages read before (or why they could not be), else
 * the project's own website pages as its brand task crawled them.
 */
export async function selectSnapshots(sql: Db, projectId: string, urls: string[]): Promise<SourceText[]> {
  if (!urls.length) return [];
  return sql<SourceText[]>`
    select url, title, text, error from source_snapshots where project_id = ${projectId} and url in ${sql(urls)}
    union all
    select p.url, p.title, p.text, null as error from site_pages p
    where p.project_id = ${projectId} and p.url in ${sql(urls)}
      and not exists (select 1 from source_snapshots s where s.project_id = p.project_id and s.url = p.url)`;
}

/** Stores (or refreshes) the text of a page as the guarded fetch read it, or why it could not. */
export async function upsertSnapshot(sql: Db, projectId: string, page: SourceText): Promise<void> {
  await sql`
    insert into source_snapshots (project_id, url, title, text, error)
    values (${projectId}, ${page.url}, ${page.title}, ${page.text}, ${page.error ?? null})
    on conflict (project_id, url) do update
    set title = excluded.title, text = excluded.text, error = excluded.error, fetched_at = now()`;
}

/** Stores a run's research notes once: a repeated call (a resumed node) finds them stored and adds nothing. */
export async function insertRunNotes(sql: Db, projectId: string, runId: string, notes: NoteRow[]): Promise<void> {
  if (!notes.length) return;
  const rows = notes.map((note, position) => ({
    project_id: projectId,
    run_id: runId,
    position,
    url: note.url,
    title: note.title,
    passage: note.passage,
  }));
  await sql`
    insert into research_notes ${sql(rows, 'project_id', 'run_id', 'position', 'url', 'title', 'passage')}
    on conflict (run_id, position) do nothing`;
}

/** A run's research notes, in order. */
export async function selectRunNotes(sql: Db, projectId: string, runId: string): Promise<NoteRow[]> {
  return sql<NoteRow[]>`
    select url, title, passage from research_notes
    where project_id = ${projectId} and run_id = ${runId} order by position`;
}

/** Links a run's research notes to the post it saved. */
export async function linkNotesToPost(tx: Db, runId: string, postId: string): Promise<void> {
  await tx`update research_notes set post_id = ${postId} where run_id = ${runId}`;
}

/** Stores the claims of one version of a post (the same version checked again replaces them). */
export async function insertPostClaims(tx: Db, postId: string, version: number, claims: Claim[]): Promise<void> {
  await tx`
    insert into post_claims (post_id, version, claims) values (${postId}, ${version}, ${tx.json(claims as never)})
    on conflict (post_id, version) do update set claims = excluded.claims, checked_at = now()`;
}

/** The claims of the post's newest checked version; empty when it was never checked. */
export async function selectPostClaims(sql: Db, postId: string): Promise<Claim[]> {
  const [row]: [{ claims: Claim[] }?] = await sql`
    select claims from post_claims where post_id = ${postId} order by version desc limit 1`;
  return row?.claims ?? [];
}

/** The addresses the post drew on: its research notes'. */
export async function selectPostNoteUrls(sql: Db, postId: string): Promise<string[]> {
  const rows = await sql<{ url: string }[]>`select distinct url from research_notes where post_id = ${postId}`;
  return rows.map((row) => row.url);
}
