import type { Db } from '../../db/sql.ts';
import { rasterCover } from '../../providers/images/raster-cover.ts';
import { insertRaster, selectCoverMedia, selectMediaBytes } from './queries.ts';

const MEDIA_URL = /^\/api\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
/** Image types every destination and social network takes as they are. */
const RASTER_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/** The media id in a cover address the app stored (`/api/media/{id}`), or null for any other address. */
export function coverMediaId(url: string | null | undefined): string | null {
  return MEDIA_URL.exec(url ?? '')?.[1]?.toLowerCase() ?? null;
}

/** Renders in flight in this process, by source id: one render per cover however many pages ask at once. */
const rendering = new Map<string, Promise<string>>();

/**
 * The raster image of a cover the project stored: the media itself when it already is one (an AI image), else the
 * PNG rendered from its SVG (1200×630, `rendered`), made and stored beside it the first time anyone needs it (existing
 * posts included, so no backfill is needed). Null when the project has no such media or it is neither.
 */
export async function rasterCoverOf(
  sql: Db,
  projectId: string,
  mediaId: string,
): Promise<{ id: string; content_type: string; rendered: boolean } | null> {
  const media = await selectCoverMedia(sql, projectId, mediaId);
  if (!media) return null;
  if (RASTER_TYPES.has(media.content_type)) return { id: media.id, content_type: media.content_type, rendered: false };
  if (media.content_type !== 'image/svg+xml') return null;
  if (media.raster_id) return { id: media.raster_id, content_type: 'image/png', rendered: true };
  let render = rendering.get(media.id);
  if (!render) {
    render = (async () => {
      const svg = await selectMediaBytes(sql, projectId, media.id);
      if (!svg) throw new Error(`cover ${media.id} vanished while it was rendered`);
      return insertRaster(sql, projectId, media.id, await rasterCover(svg));
    })().finally(() => rendering.delete(media.id));
    rendering.set(media.id, render);
  }
  return { id: await render, content_type: 'image/png', rendered: true };
}
