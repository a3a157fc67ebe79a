import type { Db } from '../../../db/sql.ts';

// Stored media (media): covers the runs generate, served at /api/media/{id}.

/** A media row by id, for anyone (covers appear on public blogs), or undefined. */
export async function selectMedia(sql: Db, id: string): Promise<{ content_type: string; body: Buffer } | undefined> {
  const [row]: [{ content_type: string; body: Buffer }?] =
    await sql`select content_type, body from media where id = ${id}`;
  return row;
}

/** The media a run's node stored (a retried node reuses it), or undefined. */
export async function selectNodeMediaId(
  sql: Db,
  projectId: string,
  node: { runId: string; nodeId: string },
): Promise<string | undefined> {
  const [row]: [{ id: string }?] = await sql`
    select id from media where project_id = ${projectId} and run_id = ${node.runId} and node_id = ${node.nodeId}`;
  return row?.id;
}

/** Stores what a run's node made (once per node: a second store of the node keeps the first row) and its id. */
export async function insertNodeMedia(
  sql: Db,
  projectId: string,
  node: { runId: string; nodeId: string },
  media: { contentType: string; bytes: Uint8Array },
): Promise<string> {
  const [row]: [{ id: string }?] = await sql`
    insert into media (project_id, content_type, body, run_id, node_id)
    values (${projectId}, ${media.contentType}, ${media.bytes}, ${node.runId}, ${node.nodeId})
    on conflict (run_id, node_id) where run_id is not null do update set content_type = excluded.content_type
    returning id`;
  if (!row) throw new Error('media insert returned nothing');
  return row.id;
}

/** Whether the project has an image with this id (a blog logo may be one). */
export async function isProjectImage(sql: Db, projectId: string, id: string): Promise<boolean> {
  const [row] =
    await sql`select 1 from media where id = ${id} and project_id = ${projectId} and content_type like 'image/%'`;
  return Boolean(row);
}
