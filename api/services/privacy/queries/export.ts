import type { Db } from '../../../db/sql.ts';

/** The account's own fields as the export writes them. */
export async function selectAccount(sql: Db, userId: string) {
  const [row] = await sql<
    {
      id: string;
      email: string;
      first_name: string;
      last_name: string;
      avatar_url: string | null;
      created_at: Date;
    }[]
  >`select id, email, first_name, last_name, avatar_url, created_at from users where id = ${userId}`;
  return row;
}

/** The account's API keys by name and visible prefix (never a secret or its hash), revoked ones included. */
export async function selectApiKeys(sql: Db, userId: string) {
  return sql`
    select name, prefix, created_at, last_used_at, revoked_at from api_keys
    where user_id = ${userId} order by created_at, id`;
}

/** The projects the user is a member of, with their role: everything the export holds comes from these. */
export async function selectProjects(sql: Db, userId: string) {
  return sql<
    {
      id: string;
      name: string;
      description: string;
      role: string;
      created_at: Date;
      brand_url: string | null;
      brand_content: string | null;
      brand_info_status: string | null;
      brand_logo_url: string | null;
      brand_color: string | null;
      brand_name: string | null;
      brand_example_urls: string[];
      default_prompt_id: string | null;
      slug: string;
      custom_blog_domain: string | null;
      custom_blog_domain_status: string | null;
      blog_base_path: string;
      blog_logo_url: string | null;
      blog_accent_color: string;
      quality_min_score: number;
      quality_hold_claims: boolean;
      ai_disclosure: boolean;
      language: string;
    }[]
  >`
    select p.id, p.name, p.description, m.role, p.created_at, p.brand_url, p.brand_content, p.brand_info_status,
           p.brand_logo_url, p.brand_color, p.brand_name, p.brand_example_urls, p.default_prompt_id, p.slug,
           p.custom_blog_domain, p.custom_blog_domain_status, p.blog_base_path, p.blog_logo_url, p.blog_accent_color,
           p.quality_min_score, p.quality_hold_claims, p.ai_disclosure, p.language
    from project_members m join projects p on p.id = m.project_id
    where m.user_id = ${userId}
    order by p.created_at, p.id`;
}

/** A project's style guides (the brand guide is one of them), oldest first. */
export async function selectStyleGuides(sql: Db, projectId: string) {
  return sql`
    select id, name, brand_voice, keywords, base_knowledge, writing_style_guide, image_style, draft_label,
           voice_profile, voice_examples, voice_articles, created_at, updated_at
    from prompts where project_id = ${projectId} order by created_at, id`;
}

/** A project's planned and generated calendar entries, by day. */
export async function selectPlan(sql: Db, projectId: string) {
  return sql`
    select id, to_char(entry_date, 'YYYY-MM-DD') as date, position, title, target_keyword, secondary_keywords,
           search_intent, outline, content_type, language, post_id, draft_label, created_at, updated_at
    from calendar_entries where project_id = ${projectId} order by entry_date, position, id`;
}

/** A project's autopilot settings, if it ever had any. */
export async function selectAutopilot(sql: Db, projectId: string) {
  const [row] = await sql`
    select enabled, time_zone, to_char(slot_time, 'HH24:MI') as slot_time, publish_mode
    from project_autopilot where project_id = ${projectId}`;
  return row ?? null;
}

/** A project's own workflows (not the shared templates). */
export async function selectWorkflows(sql: Db, projectId: string) {
  return sql`
    select id, name, description, is_default, nodes, edges, created_at, updated_at
    from workflows where project_id = ${projectId} order by created_at, id`;
}

/**
 * Where a page of posts ends: the last post's created_at in full precision (microseconds, as text: a parameter typed
 * timestamptz would go through a JavaScript Date and lose them) and id.
 */
export interface PostCursor {
  at: string;
  id: string;
}

/**
 * One page of a project's posts after a cursor, oldest first: markdown and every field, what Search Console last said
 * of its page (sc_* columns, null when it was never inspected), and the page's cursor.
 */
export async function selectPostPage(sql: Db, projectId: string, after: PostCursor | null, limit: number) {
  return sql<({ id: string; cursor_at: string } & Record<string, unknown>)[]>`
    select p.id, p.title, p.slug, p.status, p.markdown, p.excerpt, p.meta_title, p.meta_description, p.target_keyword,
           p.keywords, p.tags, p.sources, p.cover_image_url, p.cover_image_alt, p.lang, p.translation_group,
           p.draft_label, p.quality_hold, p.published_at, p.created_at, p.updated_at, p.created_at::text as cursor_at,
           i.status as sc_status, i.coverage_state as sc_coverage_state, i.verdict as sc_verdict, i.url as sc_url,
           i.last_crawl_at as sc_last_crawl_at, i.inspected_at as sc_inspected_at
    from blog_posts p left join search_console_inspections i on i.post_id = p.id
    where p.project_id = ${projectId}
      and ${after ? sql`(p.created_at, p.id) > (${after.at}::text::timestamptz, ${after.id}::uuid)` : sql`true`}
    order by p.created_at, p.id
    limit ${limit}`;
}

/** A project's Search Console connection as the export writes it (never a token), or undefined when it has none. */
export async function selectSearchConsoleConnection(sql: Db, projectId: string) {
  const [row] = await sql<
    {
      property: string | null;
      property_permission: string | null;
      status: string;
      status_reason: string | null;
      connected_at: Date;
      sitemap_url: string | null;
      sitemap_submitted_at: Date | null;
      sitemap_error: string | null;
      metrics_through: string | null;
      metrics_synced_at: Date | null;
    }[]
  >`
    select property, property_permission, status, status_reason, created_at as connected_at, sitemap_url,
           sitemap_submitted_at, sitemap_error, metrics_through::text as metrics_through, metrics_synced_at
    from search_console_connections where project_id = ${projectId}`;
  return row;
}

/** A search metrics row of a page on a day (all its queries), as the export writes it. */
export interface PageDayRow {
  date: string;
  page: string;
  clicks: number;
  impressions: number;
  position: number;
}

/** One page of a project's daily page metrics after a cursor (the last row's page and date), in key order. */
export async function selectPageDayPage(
  sql: Db,
  projectId: string,
  after: Pick<PageDayRow, 'page' | 'date'> | null,
  limit: number,
) {
  return sql<PageDayRow[]>`
    select day::text as date, page, clicks, impressions, position from search_console_page_days
    where project_id = ${projectId}
      and ${after ? sql`(page, day) > (${after.page}, ${after.date}::date)` : sql`true`}
    order by page, day
    limit ${limit}`;
}

/** A search metrics row of a query on a page on a day, as the export writes it. */
export interface QueryDayRow extends PageDayRow {
  query: string;
}

/** One page of a project's daily query metrics after a cursor (the last row's page, query and date), in key order. */
export async function selectQueryDayPage(
  sql: Db,
  projectId: string,
  after: Pick<QueryDayRow, 'page' | 'query' | 'date'> | null,
  limit: number,
) {
  return sql<QueryDayRow[]>`
    select day::text as date, page, query, clicks, impressions, position from search_console_query_days
    where project_id = ${projectId}
      and ${after ? sql`(page, query, day) > (${after.page}, ${after.query}, ${after.date}::date)` : sql`true`}
    order by page, query, day
    limit ${limit}`;
}
