import type { Db } from '../db/sql.ts';

/** A published post as the blog shows it in a list. */
export interface BlogPostSummary {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  meta_description: string;
  cover_image_url: string | null;
  cover_image_alt: string;
  tags: string[];
  lang: string;
  published_at: Date;
  updated_at: Date;
  author_name: string | null;
}

/** A published version of a post in another language (hreflang alternates), or the page's own post. */
export interface AlternateRow {
  id: string;
  lang: string;
  slug: string;
  translation_group: string;
  created_at: Date;
}

/** A published post with its body and what its page links to. */
export interface BlogPost extends BlogPostSummary {
  html: string;
  meta_title: string;
  keywords: string[];
  /** A workflow run wrote (or rewrote) it: the "AI-assisted" note applies when the project shows it. */
  generated: boolean;
  /** The post on the project's canonical destination (issue 28), when one is chosen and has it live. */
  canonical_url: string | null;
  translation_group: string | null;
}

/** A neighbour in publication order (prev/next links). */
export interface PostLink {
  title: string;
  slug: string;
}

/** One page of a blog's published posts, newest first, optionally only those with a tag; one extra row tells "more". */
export async function listPublished(
  sql: Db,
  input: { projectId: string; tag?: string; offset: number; limit: number },
): Promise<BlogPostSummary[]> {
  return sql<BlogPostSummary[]>`
    select p.id, p.title, p.slug, p.excerpt, p.meta_description, p.cover_image_url, p.cover_image_alt, p.tags, p.lang,
           coalesce(p.published_at, p.updated_at) as published_at, p.updated_at,
           nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), '') as author_name
    from blog_posts p left join users u on u.id = p.author_id
    where p.project_id = ${input.projectId} and p.status = 'published'
      and (${input.tag ?? null}::text is null or ${input.tag ?? null}::text = any(p.tags))
    order by coalesce(p.published_at, p.updated_at) desc, p.id desc
    offset ${input.offset} limit ${input.limit}`;
}

/** A published post by slug, or undefined. */
export async function findPublished(
  sql: Db,
  input: { projectId: string; slug: string },
): Promise<BlogPost | undefined> {
  const [post] = await sql<BlogPost[]>`
    select p.id, p.title, p.slug, p.excerpt, p.meta_title, p.meta_description, p.cover_image_url, p.cover_image_alt, p.tags,
           p.keywords, p.lang, p.translation_group, p.html, coalesce(p.published_at, p.updated_at) as published_at, p.updated_at,
           p.workflow_run_id is not null as generated,
           nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), '') as author_name,
           (select pd.remote_url from post_destinations pd join destinations d on d.id = pd.destination_id
            where pd.post_id = p.id and d.canonical = 'destination' and d.enabled and pd.live
              and pd.remote_url is not null) as canonical_url
    from blog_posts p left join users u on u.id = p.author_id
    where p.project_id = ${input.projectId} and p.slug = ${input.slug} and p.status = 'published'`;
  return post;
}

/** The published posts just older and just newer than one (publication order). */
export async function neighbours(
  sql: Db,
  input: { projectId: string; post: BlogPost },
): Promise<{ prev: PostLink | null; next: PostLink | null }> {
  const at = input.post.published_at;
  const [older] = await sql<PostLink[]>`
    select title, slug from blog_posts
    where project_id = ${input.projectId} and status = 'published' and id <> ${input.post.id}
      and (coalesce(published_at, updated_at), id) < (${at}, ${input.post.id})
    order by coalesce(published_at, updated_at) desc, id desc limit 1`;
  const [newer] = await sql<PostLink[]>`
    select title, slug from blog_posts
    where project_id = ${input.projectId} and status = 'published' and id <> ${input.post.id}
      and (coalesce(published_at, updated_at), id) > (${at}, ${input.post.id})
    order by coalesce(published_at, updated_at), id limit 1`;
  return { prev: older ?? null, next: newer ?? null };
}

/** A published post as the sitemap lists it, with what its hreflang alternates need. */
export interface SitemapPost {
  id: string;
  slug: string;
  tags: string[];
  updated_at: Date;
  created_at: Date;
  lang: string;
  translation_group: string | null;
}

/** Every published post's address facts, for the sitemap and the tag list. */
export async function listAllPublished(sql: Db, projectId: string): Promise<SitemapPost[]> {
  return sql<SitemapPost[]>`
    select id, slug, tags, updated_at, created_at, lang, translation_group from blog_posts
    where project_id = ${projectId} and status = 'published'
    order by coalesce(published_at, updated_at) desc, id desc`;
}

/** The published posts of a translation group (the page's own included), by language: its hreflang alternates. */
export async function listPublishedGroup(
  sql: Db,
  input: { projectId: string; group: string },
): Promise<AlternateRow[]> {
  return sql<AlternateRow[]>`
    select id, lang, slug, translation_group, created_at from blog_posts
    where project_id = ${input.projectId} and translation_group = ${input.group} and status = 'published'
    order by lang, id`;
}

/** A media row of the project (covers), or undefined. */
export async function findMedia(
  sql: Db,
  input: { projectId: string; id: string },
): Promise<{ content_type: string; body: Buffer } | undefined> {
  const [row] = await sql<{ content_type: string; body: Buffer }[]>`
    select content_type, body from media where id = ${input.id} and project_id = ${input.projectId}`;
  return row;
}

/** The blog settings of a project as a hosted blog needs them (projects). */
export interface SiteRow {
  id: string;
  name: string;
  /** The website's own name (migration 0029): the blog's title while the project still has the default name. */
  brand_name: string | null;
  slug: string;
  custom_blog_domain: string | null;
  custom_blog_domain_status: string | null;
  blog_base_path: string;
  blog_logo_url: string | null;
  blog_accent_color: string;
  /** Whether posts a run wrote carry the "AI-assisted" note (issue 27). */
  ai_disclosure: boolean;
  /** The key the blog's IndexNow file serves (issue 28); read where the blog is served or submitted. */
  indexnow_key?: string;
  /** The google-site-verification token an owner pasted from Search Console (issue 25), or null. */
  google_site_verification?: string | null;
  /** The project's language (migration 0040): the blog's own, for its home, tag pages and feed. */
  language: string;
}

/** The columns of `projects` a blog's site is made of (SiteRow), unqualified. */
export const siteColumns = (sql: Db) => sql`
  id, name, brand_name, slug, custom_blog_domain, custom_blog_domain_status, blog_base_path, blog_logo_url, blog_accent_color,
  ai_disclosure, indexnow_key, google_site_verification, language`;

/** The blog of a project, by its id (Search Console and publishing work out its address and post URLs from it), or undefined. */
export async function selectSiteByProject(sql: Db, projectId: string): Promise<SiteRow | undefined> {
  const [row]: [SiteRow?] = await sql`select ${siteColumns(sql)} from projects where id = ${projectId}`;
  return row;
}

/** The project whose blog answers on `{slug}.{BLOG_BASE_DOMAIN}`, or undefined. */
export async function selectSiteBySlug(sql: Db, slug: string): Promise<SiteRow | undefined> {
  const [row]: [SiteRow?] = await sql`select ${siteColumns(sql)} from projects where slug = ${slug}`;
  return row;
}

/** The project that has verified a custom domain (at most one can, migration 0020), or undefined. */
export async function selectSiteByVerifiedDomain(sql: Db, domain: string): Promise<SiteRow | undefined> {
  const [row]: [SiteRow?] = await sql`
    select ${siteColumns(sql)} from projects where custom_blog_domain = ${domain} and custom_blog_domain_status = 'verified'`;
  return row;
}

/**
 * Where an old address of the blog leads: the current slug of the published post that was live under `slug`
 * (migration 0066), or undefined when no live post left it. A chain of moves leads straight to the current slug.
 */
export async function findMovedSlug(sql: Db, input: { projectId: string; slug: string }): Promise<string | undefined> {
  const [row]: [{ slug: string }?] = await sql`
    select p.slug from blog_slug_redirects r join blog_posts p on p.id = r.post_id
    where r.project_id = ${input.projectId} and r.old_slug = ${input.slug} and p.status = 'published'`;
  return row?.slug;
}
