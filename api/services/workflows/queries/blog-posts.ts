import type { Db } from '../../../db/sql.ts';

// What runs read of a project's posts (blog_posts): the blocks' capabilities and the run start. The posts service
// (api/services/posts/) owns every write.

/**
 * The language of the project's post with this id, or undefined when the project has no such post (a run may rewrite
 * only its own project's posts, and writes in the post's language).
 */
export async function projectPostLanguage(sql: Db, projectId: string, postId: string): Promise<string | undefined> {
  const [post]: [{ lang: string }?] =
    await sql`select lang from blog_posts where id = ${postId} and project_id = ${projectId}`;
  return post?.lang;
}

/** The project's slugs that are `base` or start with `base-` (what a unique slug must avoid). */
export async function selectSlugsLike(sql: Db, projectId: string, base: string): Promise<string[]> {
  const rows: { slug: string }[] = await sql`
    select slug from blog_posts where project_id = ${projectId} and (slug = ${base} or slug like ${`${base}-%`})`;
  return rows.map((row) => row.slug);
}

/** A published post as internal links weigh it. */
export interface LinkablePost {
  title: string;
  slug: string;
  target_keyword: string;
  keywords: string[];
}

/** The project's most recently published posts in the language (at most `limit`): a reader follows links they can read. */
export async function selectLinkablePosts(
  sql: Db,
  projectId: string,
  limit: number,
  language: string,
): Promise<LinkablePost[]> {
  return sql<LinkablePost[]>`
    select title, slug, target_keyword, keywords from blog_posts
    where project_id = ${projectId} and status = 'published' and split_part(lang, '-', 1) = split_part(${language}, '-', 1)
    order by published_at desc nulls last limit ${limit}`;
}
