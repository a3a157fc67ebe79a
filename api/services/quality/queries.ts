// The quality gate's statements (issue 27): a project's gate and disclosure, what the checklist reads around a post,
// and the drafts the gate held back.
import type { Db } from '../../db/sql.ts';
import type { HeldPost, QualitySettings } from '../../../src/lib/quality/schema.ts';
import type { Stored } from '../../lib/stored.ts';

/** The project's gate and disclosure; undefined when the project is gone. */
export async function selectQualitySettings(sql: Db, projectId: string): Promise<QualitySettings | undefined> {
  const [row]: [QualitySettings?] = await sql`
    select id as project_id, quality_min_score as min_score, quality_hold_claims as hold_claims, ai_disclosure
    from projects where id = ${projectId}`;
  return row;
}

/** Changes the given settings (a field left undefined keeps its value). */
export async function updateQualitySettings(
  sql: Db,
  projectId: string,
  change: { min_score?: number | undefined; hold_claims?: boolean | undefined; ai_disclosure?: boolean | undefined },
): Promise<void> {
  await sql`
    update projects set
      quality_min_score = coalesce(${change.min_score ?? null}::smallint, quality_min_score),
      quality_hold_claims = coalesce(${change.hold_claims ?? null}::boolean, quality_hold_claims),
      ai_disclosure = coalesce(${change.ai_disclosure ?? null}::boolean, ai_disclosure),
      updated_at = now()
    where id = ${projectId}`;
}

/** Where the project's blog answers: its subdomain's slug and its verified custom domain. */
export async function selectBlogAddress(
  sql: Db,
  projectId: string,
): Promise<{ slug: string; domain: string | null } | undefined> {
  const [row]: [{ slug: string; domain: string | null }?] = await sql`
    select slug, case when custom_blog_domain_status = 'verified' then custom_blog_domain end as domain
    from projects where id = ${projectId}`;
  return row;
}

/** The project's published posts other than `exceptId` (what internal links may point to), newest first. */
export async function selectOwnPublished(
  sql: Db,
  projectId: string,
  exceptId: string | null,
): Promise<{ slug: string; title: string }[]> {
  return sql`
    select slug, title from blog_posts
    where project_id = ${projectId} and status = 'published' and id is distinct from ${exceptId}
    order by published_at desc nulls last limit 500`;
}

/** The median words of the competitor pages a run read in full; null when it read none. */
export async function selectRunCompetitorWords(sql: Db, runId: string): Promise<number | null> {
  const [row]: [{ median: number | null }?] = await sql`
    select percentile_cont(0.5) within group (order by (page->>'words')::int)::int as median
    from node_runs n, jsonb_array_elements(coalesce(n.output->'competitors', '[]'::jsonb)) as page
    where n.run_id = ${runId} and n.block_type = 'competitor_analysis' and n.status = 'success'
      and jsonb_typeof(page->'words') = 'number' and (page->>'words')::int > 0`;
  return row?.median ?? null;
}

/** The stored competitor median of a post. */
export async function selectPostCompetitorWords(sql: Db, postId: string): Promise<number | null> {
  const [row]: [{ competitor_words: number | null }?] =
    await sql`select competitor_words from blog_posts where id = ${postId}`;
  return row?.competitor_words ?? null;
}

/** The project's drafts the gate held back, most recently changed first. */
export async function selectHeldPosts(sql: Db, projectId: string): Promise<HeldPost[]> {
  const rows = await sql<Stored<HeldPost, 'updated_at'>[]>`
    select id, title, slug, quality_hold, updated_at from blog_posts
    where project_id = ${projectId} and quality_hold is not null and status = 'draft'
    order by updated_at desc limit 50`;
  return rows.map((row) => ({ ...row, updated_at: row.updated_at.toISOString() }));
}
