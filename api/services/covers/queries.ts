import type { Db } from '../../db/sql.ts';

/** The title a project's generated cover shows, or null when the image is not such a cover (or not the project's). */
export async function selectCoverTitle(sql: Db, projectId: string, mediaId: string): Promise<string | null> {
  const [row]: [{ cover_title: string | null }?] = await sql`
    select cover_title from media where id = ${mediaId} and project_id = ${projectId}`;
  return row?.cover_title ?? null;
}

/** Stores a title cover (an SVG that shows `title`) of a project; its id. */
export async function insertTitleCover(sql: Db, projectId: string, title: string, svg: string): Promise<string> {
  const [row]: [{ id: string }?] = await sql`
    insert into media (project_id, content_type, body, cover_title)
    values (${projectId}, 'image/svg+xml', ${Buffer.from(svg)}, ${title})
    returning id`;
  if (!row) throw new Error('media insert returned nothing');
  return row.id;
}
