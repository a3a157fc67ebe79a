import type { Db } from '../../db/sql.ts';
import { svgCover } from '../../providers/images/svg-cover.ts';
import { projectCoverColours } from './colours.ts';
import { insertTitleCover, selectCoverTitle } from './queries.ts';

const MEDIA_URL = /^\/api\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * The cover a post gets for a new title: when its cover is a generated title cover still showing the old title, the
 * same cover drawn again with the new one (a new image, so cached copies of the old one stay true); undefined when
 * the cover is anything else (an uploaded or AI image, another title), which a title change leaves alone.
 */
export async function coverForNewTitle(
  sql: Db,
  post: { project_id: string; title: string; cover_image_url: string | null },
  title: string,
): Promise<string | undefined> {
  const mediaId = MEDIA_URL.exec(post.cover_image_url ?? '')?.[1];
  if (!mediaId || !title.trim() || title.trim() === post.title.trim()) return undefined;
  const shown = await selectCoverTitle(sql, post.project_id, mediaId);
  if (shown === null || shown.trim() !== post.title.trim()) return undefined;
  const svg = svgCover(title.trim(), await projectCoverColours(sql, post.project_id));
  return `/api/media/${await insertTitleCover(sql, post.project_id, title.trim(), svg)}`;
}
