import type { IndexStatus } from '../../../../src/lib/search-console/schema.ts';
import type { Db } from '../../../db/sql.ts';

/** A live post of a project and its last inspection (if any). */
export interface CandidateRow {
  post_id: string;
  project_id: string;
  slug: string;
  version: number;
  published_at: Date;
  inspected_at: Date | null;
  inspected_version: number | null;
}

/** The published posts of the given projects with their last inspection. */
export async function selectInspectionCandidates(sql: Db, projectIds: string[]): Promise<CandidateRow[]> {
  if (projectIds.length === 0) return [];
  return sql<CandidateRow[]>`
    select p.id as post_id, p.project_id, p.slug, p.version, coalesce(p.published_at, p.updated_at) as published_at,
           i.inspected_at, i.post_version as inspected_version
    from blog_posts p left join search_console_inspections i on i.post_id = p.id
    where p.project_id in ${sql(projectIds)} and p.status = 'published'`;
}

/** What URL Inspection said of a post's page (replacing the previous answer). */
export async function upsertInspection(
  sql: Db,
  inspection: {
    postId: string;
    projectId: string;
    url: string;
    status: IndexStatus;
    coverageState: string | null;
    verdict: string | null;
    lastCrawlAt: Date | null;
    postVersion: number;
    at: Date;
  },
): Promise<void> {
  await sql`
    insert into search_console_inspections
      (post_id, project_id, url, status, coverage_state, verdict, last_crawl_at, post_version, inspected_at)
    select ${inspection.postId}, ${inspection.projectId}, ${inspection.url}, ${inspection.status}, ${inspection.coverageState},
           ${inspection.verdict}, ${inspection.lastCrawlAt}, ${inspection.postVersion}, ${inspection.at}
    where exists (select 1 from blog_posts where id = ${inspection.postId})
    on conflict (post_id) do update set
      url = excluded.url, status = excluded.status, coverage_state = excluded.coverage_state, verdict = excluded.verdict,
      last_crawl_at = excluded.last_crawl_at, post_version = excluded.post_version, inspected_at = excluded.inspected_at`;
}

/** A post's last inspection as shown. */
export interface InspectionRow {
  post_id: string;
  url: string;
  status: IndexStatus;
  coverage_state: string | null;
  last_crawl_at: Date | null;
  inspected_at: Date;
}

/** The project's inspections (one per post). */
export async function selectInspections(sql: Db, projectId: string): Promise<InspectionRow[]> {
  return sql<InspectionRow[]>`
    select post_id, url, status, coverage_state, last_crawl_at, inspected_at
    from search_console_inspections where project_id = ${projectId}`;
}

/** One post's inspection, or undefined. */
export async function selectInspection(sql: Db, projectId: string, postId: string): Promise<InspectionRow | undefined> {
  const [row]: [InspectionRow?] = await sql`
    select post_id, url, status, coverage_state, last_crawl_at, inspected_at
    from search_console_inspections where project_id = ${projectId} and post_id = ${postId}`;
  return row;
}
