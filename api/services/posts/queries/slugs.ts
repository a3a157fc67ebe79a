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
