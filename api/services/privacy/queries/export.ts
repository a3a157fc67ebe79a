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

/** One page of a project's posts after a cursor, oldest first: markdown and every field, and the page's cursor. */
export async function selectPostPage(sql: Db, projectId: string, after: PostCursor | null, limit: number) {
  return sql<({ id: string; cursor_at: string } & Record<string, unknown>)[]>`
    select id, title, slug, status, markdown, excerpt, meta_title, meta_description, target_keyword, keywords, tags,
           sources, cover_image_url, cover_image_alt, lang, translation_group, draft_label, quality_hold, published_at,
           created_at, updated_at, created_at::text as cursor_at
    from blog_posts
    where project_id = ${projectId}
      and ${after ? sql`(created_at, id) > (${after.at}::text::timestamptz, ${after.id}::uuid)` : sql`true`}
    order by created_at, id
    limit ${limit}`;
}
