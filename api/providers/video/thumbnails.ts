import type { Config } from '../../config.ts';
import { isVideoId } from '../../../src/lib/posts/video.ts';

// Video thumbnails are fetched by the server and served from the blog's own host (and the app's, for the editor):
// a reader's browser never contacts YouTube before pressing play, the page needs no new CSP source, and the image
// comes over the connection the page already has. Kept in memory per process (a few hundred small JPEGs); the
// blog's page cache and CDNs keep them too.

export interface Thumbnail {
  contentType: string;
  body: Uint8Array;
  /** False for the stand-in served when YouTube could not be reached: it is not kept for long. */
  real: boolean;
}

const KEEP = 500;
const MAX_BYTES = 512 * 1024;
const TIMEOUT_MS = 5000;
const kept = new Map<string, Promise<Thumbnail>>();

/** A dark 4:3 frame (YouTube's hqdefault shape) shown when the real thumbnail cannot be fetched. */
const STAND_IN: Thumbnail = {
  contentType: 'image/svg+xml',
  body: new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360"><rect width="480" height="360" fill="#1f2937"/></svg>',
  ),
  real: false,
};

async function fetchThumbnail(base: string, id: string): Promise<Thumbnail> {
  try {
    const response = await fetch(`${base.replace(/\/+$/, '')}/vi/${id}/hqdefault.jpg`, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const contentType = response.headers.get('content-type') ?? '';
    const length = Number(response.headers.get('content-length') ?? 0);
    if (!response.ok || !/^image\/(jpeg|webp|png)$/.test(contentType) || length > MAX_BYTES) return STAND_IN;
    const body = new Uint8Array(await response.arrayBuffer());
    return body.byteLength > MAX_BYTES ? STAND_IN : { contentType, body, real: true };
  } catch {
    return STAND_IN;
  }
}

/**
 * The thumbnail of a YouTube video (id already checked by the caller's route), fetched once per process; a stand-in
 * when YouTube cannot be reached, tried again on a later request.
 */
export async function videoThumbnail(
  config: Pick<Config, 'YOUTUBE_THUMBNAIL_BASE_URL'>,
  id: string,
): Promise<Thumbnail> {
  if (!isVideoId(id)) return STAND_IN;
  const key = `${config.YOUTUBE_THUMBNAIL_BASE_URL} ${id}`;
  const found = kept.get(key);
  if (found) {
    // Most recently used last, so the oldest is dropped first.
    kept.delete(key);
    kept.set(key, found);
    return found;
  }
  const pending = fetchThumbnail(config.YOUTUBE_THUMBNAIL_BASE_URL, id);
  kept.set(key, pending);
  if (kept.size > KEEP) kept.delete(kept.keys().next().value ?? key);
  const thumbnail = await pending;
  if (!thumbnail.real) kept.delete(key);
  return thumbnail;
}

/** Cache-Control of a thumbnail: a day for the real one (YouTube may change it), a minute for the stand-in. */
export const thumbnailCacheControl = (thumbnail: Thumbnail): string =>
  thumbnail.real ? 'public, max-age=86400' : 'public, max-age=60';
