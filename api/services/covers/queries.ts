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

/** A media row of the project as a cover: its type, and the id of the PNG made from it when there is one. */
export async function selectCoverMedia(
  sql: Db,
  projectId: string,
  mediaId: string,
): Promise<{ id: string; content_type: string; raster_id: string | null } | undefined> {
  const [row]: [{ id: string; content_type: string; raster_id: string | null }?] = await sql`
    select m.id, m.content_type, r.id as raster_id
    from media m left join media r on r.raster_of = m.id
    where m.id = ${mediaId} and m.project_id = ${projectId}`;
  return row;
}

/** The bytes of a media row of the project, or undefined. */
export async function selectMediaBytes(sql: Db, projectId: string, mediaId: string): Promise<Buffer | undefined> {
  const [row]: [{ body: Buffer }?] = await sql`
    select body from media where id = ${mediaId} and project_id = ${projectId}`;
  return row?.body;
}

/**
 * Stores the PNG rendered from an SVG cover beside it; when another process stored one first, that one's id (one
 * raster per source, migration 0065).
 */
export async function insertRaster(sql: Db, projectId: string, sourceId: string, png: Buffer): Promise<string> {
  const [row]: [{ id: string }?] = await sql`
    insert into media (project_id, content_type, body, raster_of)
    values (${projectId}, 'image/png', ${png}, ${sourceId})
    on conflict (raster_of) where raster_of is not null do nothing
    returning id`;
  if (row) return row.id;
  const [kept]: [{ id: string }?] = await sql`select id from media where raster_of = ${sourceId}`;
  if (!kept) throw new Error('raster insert returned nothing');
  return kept.id;
}
