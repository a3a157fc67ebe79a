import type { Db } from '../../../db/sql.ts';

/** Holds the project's slug choice until the transaction ends, so two new posts named alike never race for one. */
export async function lockProjectSlugs(tx: Db, projectId: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtext(${`blog_posts.slug:${projectId}`}))`;
}

/** Whether another post of the project already has the slug. */
export async function slugTaken(sql: Db, projectId: string, slug: string, exceptId: string | null): Promise<boolean> {
  const [row] = await sql`
    select 1 from blog_posts where project_id = ${projectId} and slug = ${slug} and id is distinct from ${exceptId}`;
  return Boolean(row);
}

/** A slug of the project nobody uses yet: the base, else base-2, base-3… */
export async function freeSlug(sql: Db, projectId: string, base: string): Promise<string> {
  const rows = await sql<{ slug: string }[]>`
    select slug from blog_posts where project_id = ${projectId} and (slug = ${base} or slug like ${`${base}-%`})`;
  const used = new Set(rows.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * After a transition that leaves the post live: when it was last live under another slug, that slug becomes a
 * redirect to the post (the newest post to leave an address owns it), a redirect from the slug it now has is dropped,
 * and the slug it is live under is remembered (migration 0066).
 */
export async function keepLiveSlug(tx: Db, postId: string): Promise<void> {
  await tx`
    with post as (
      select id, project_id, slug, live_slug from blog_posts where id = ${postId} and status = 'published'
    ),
    moved as (
      insert into blog_slug_redirects (project_id, old_slug, post_id)
      select project_id, live_slug, id from post where live_slug is not null and live_slug <> slug
      on conflict (project_id, old_slug) do update set post_id = excluded.post_id, created_at = now()
    ),
    back as (
      delete from blog_slug_redirects r using post
      where r.project_id = post.project_id and r.old_slug = post.slug and r.post_id = post.id
    )
    update blog_posts b set live_slug = post.slug
    from post where b.id = post.id and b.live_slug is distinct from post.slug`;
}
