import type { Db } from '../../db/sql.ts';

/** Whose post it is, or undefined. */
export async function selectPostOwner(sql: Db, id: string): Promise<{ project_id: string } | undefined> {
  const [row]: [{ project_id: string }?] = await sql`select project_id from blog_posts where id = ${id}`;
  return row;
}

/** What the reads are scoped to: a project, and one of its posts or all of them. */
export interface Scope {
  projectId: string;
  postId?: string;
  from: string;
  to: string;
}

const postFilter = (sql: Db, scope: Scope) => (scope.postId ? sql`and post_id = ${scope.postId}` : sql``);

/** Views per day of the range (days without views absent). */
export async function viewsPerDay(sql: Db, scope: Scope): Promise<{ date: string; views: number }[]> {
  return sql<{ date: string; views: number }[]>`
    select day::text as date, sum(views)::int as views from blog_views
    where project_id = ${scope.projectId} and day between ${scope.from} and ${scope.to} ${postFilter(sql, scope)}
    group by day`;
}

/** Readers per day of the range: the blog's, or the post's. */
export async function visitorsPerDay(sql: Db, scope: Scope): Promise<{ date: string; visitors: number }[]> {
  return sql<{ date: string; visitors: number }[]>`
    select day::text as date, visitors from blog_visitors
    where project_id = ${scope.projectId} and day between ${scope.from} and ${scope.to}
      and post_id is not distinct from ${scope.postId ?? null}::uuid`;
}

/** The hosts that sent the most views, most first ('' for none). */
export async function topReferrers(sql: Db, scope: Scope, limit: number): Promise<{ host: string; views: number }[]> {
  return sql<{ host: string; views: number }[]>`
    select referrer_host as host, sum(views)::int as views from blog_views
    where project_id = ${scope.projectId} and day between ${scope.from} and ${scope.to} ${postFilter(sql, scope)}
    group by referrer_host order by views desc, host limit ${limit}`;
}

/** The countries with the most views, most first ('' unknown). */
export async function topCountries(
  sql: Db,
  scope: Scope,
  limit: number,
): Promise<{ country: string; views: number }[]> {
  return sql<{ country: string; views: number }[]>`
    select country, sum(views)::int as views from blog_views
    where project_id = ${scope.projectId} and day between ${scope.from} and ${scope.to} ${postFilter(sql, scope)}
    group by country order by views desc, country limit ${limit}`;
}

/** The most read posts of the project over the range, with their title and slug (null once deleted). */
export async function topPosts(
  sql: Db,
  scope: Scope,
  limit: number,
): Promise<{ post_id: string; title: string | null; slug: string | null; views: number }[]> {
  return sql<{ post_id: string; title: string | null; slug: string | null; views: number }[]>`
    select v.post_id, p.title, p.slug, v.views
    from (
      select post_id, sum(views)::int as views from blog_views
      where project_id = ${scope.projectId} and day between ${scope.from} and ${scope.to} and post_id is not null
      group by post_id order by views desc, post_id limit ${limit}
    ) v
    left join blog_posts p on p.id = v.post_id and p.project_id = ${scope.projectId}
    order by v.views desc, v.post_id`;
}

/** Views of the project's pages that are not posts (home, tag and later pages) over the range. */
export async function listPageViews(sql: Db, scope: Scope): Promise<number> {
  const [row]: [{ views: number }?] = await sql`
    select coalesce(sum(views), 0)::int as views from blog_views
    where project_id = ${scope.projectId} and day between ${scope.from} and ${scope.to} and post_id is null`;
  return row?.views ?? 0;
}
