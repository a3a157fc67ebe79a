import type { StoredPart } from '../../../../src/lib/posts/parts.ts';
import type { Post, PostSort, PostStatusFilter, PostSummary } from '../../../../src/lib/posts/types.ts';
import type { Db } from '../../../db/sql.ts';

type Stored = Omit<Post, 'created_at' | 'updated_at' | 'published_at' | 'author' | 'claims' | 'parts'> & {
  created_at: Date;
  updated_at: Date;
  published_at: Date | null;
  author_id: string | null;
  author_first_name: string | null;
  author_last_name: string | null;
  author_email: string | null;
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function present(row: Stored): PostSummary {
  const { author_id, author_first_name, author_last_name, author_email, ...rest } = row;
  const name = [author_first_name, author_last_name].filter(Boolean).join(' ') || author_email || '';
  return {
    ...rest,
    published_at: iso(row.published_at),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    author: author_id ? { id: author_id, name } : null,
  };
}

/** A post's columns as `present` reads them, from `blog_posts b` joined to its author `users u`. */
export const COLUMNS = (sql: Db) => sql`
  b.id, b.project_id, b.title, b.slug, b.excerpt, b.meta_title, b.meta_description, b.cover_image_url,
  b.cover_image_alt, b.target_keyword, b.keywords, b.tags, b.sources, b.lang, b.translation_group, b.status, b.version, b.draft_label,
  b.brief, b.workflow_run_id, b.published_at, b.created_at, b.updated_at, b.author_id, b.quality_hold,
  u.first_name as author_first_name, u.last_name as author_last_name, u.email as author_email`;

type StoredPost = Stored & Pick<Post, 'markdown' | 'html' | 'claims'> & { parts: StoredPart[] };

/** One post with its body, its newest claims and what wrote each part; undefined when missing. */
export async function selectPost(sql: Db, id: string): Promise<Post | undefined> {
  return (await selectPostAndWriting(sql, id))?.post;
}

/** What an edit of the post's body changes besides its text: the brief it was generated as, and who wrote each part. */
export interface PostWriting {
  brief_markdown: string | null;
  parts: StoredPart[];
}

/** The post as selectPost reads it, and in the same statement its writing state (for an edit of its body). */
export async function selectPostAndWriting(
  sql: Db,
  id: string,
): Promise<{ post: Post; writing: PostWriting } | undefined> {
  const [row] = await sql<PostRow[]>`
    select ${COLUMNS(sql)}, b.markdown, b.html, b.parts, b.brief_markdown,
           coalesce((select c.claims from post_claims c where c.post_id = b.id order by c.version desc limit 1),
                    '[]'::jsonb) as claims
    from blog_posts b left join users u on u.id = b.author_id
    where b.id = ${id}`;
  return row && postOfRow(row);
}

/** A row of COLUMNS with the body, the parts, the brief and the newest claims. */
export type PostRow = StoredPost & { brief_markdown: string | null };

/** The post and its writing state from a PostRow (selectPostAndWriting, and the edit that returns what it saved). */
export function postOfRow(row: PostRow): { post: Post; writing: PostWriting } {
  const { markdown, html, claims, parts, brief_markdown, ...summary } = row;
  return {
    post: {
      ...present(summary as Stored),
      markdown,
      html,
      claims,
      parts: parts.map(({ heading, written_by }) => ({ heading, written_by })),
    },
    writing: { brief_markdown, parts },
  };
}

export interface ListFilter {
  projectId: string;
  status: PostStatusFilter;
  q: string;
  sort: PostSort;
  page: number;
  pageSize: number;
}

const ORDER: Record<PostSort, (sql: Db) => ReturnType<Db>> = {
  newest: (sql) => sql`b.created_at desc, b.id desc`,
  oldest: (sql) => sql`b.created_at asc, b.id asc`,
  title: (sql) => sql`lower(b.title) asc, b.created_at desc, b.id desc`,
  updated: (sql) => sql`b.updated_at desc, b.id desc`,
};

/** `%`, `_` and `\` typed in a search box are letters, not patterns. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** One page of a project's posts (without bodies) and how many match in all. */
export async function selectPostPage(sql: Db, filter: ListFilter): Promise<{ items: PostSummary[]; total: number }> {
  // Unpublished: everything the blog does not show yet, drafts and scheduled posts.
  const status =
    filter.status === 'published'
      ? sql`and b.status = 'published'`
      : filter.status === 'unpublished'
        ? sql`and b.status <> 'published'`
        : sql``;
  const pattern = likePattern(filter.q);
  const search = filter.q
    ? sql`and (b.title ilike ${pattern} or b.slug ilike ${pattern} or b.meta_description ilike ${pattern} or b.target_keyword ilike ${pattern})`
    : sql``;
  const rows = await sql<(Stored & { total: number })[]>`
    select ${COLUMNS(sql)}, count(*) over ()::int as total
    from blog_posts b left join users u on u.id = b.author_id
    where b.project_id = ${filter.projectId} ${status} ${search}
    order by ${ORDER[filter.sort](sql)}
    limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`;
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && filter.page > 1) {
    // Past the last page: still say how many there are, so the list can offer the way back.
    const [count] = await sql<{ n: number }[]>`
      select count(*)::int as n from blog_posts b where b.project_id = ${filter.projectId} ${status} ${search}`;
    total = count?.n ?? 0;
  }
  return { items: rows.map(({ total: _total, ...row }) => present(row as Stored)), total };
}

/** A post's project and the sources it lists, or undefined when it is gone. */
export async function selectPostSources(
  sql: Db,
  id: string,
): Promise<{ project_id: string; sources: { title: string; url: string }[] } | undefined> {
  const [row]: [{ project_id: string; sources: { title: string; url: string }[] }?] =
    await sql`select project_id, sources from blog_posts where id = ${id}`;
  return row;
}
