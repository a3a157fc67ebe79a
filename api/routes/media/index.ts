import { Hono } from 'hono';
import { NotFoundError } from '../../lib/errors.ts';
import type { AppEnv } from '../../lib/hono.ts';
import { thumbnailCacheControl, videoThumbnail } from '../../providers/video/thumbnails.ts';
import { getMedia } from '../../services/workflows/media.ts';

const THUMBNAIL_FILE = /^([\w-]{11})\.jpg$/;

/** /api/media/{id}: generated covers, public and cached for good (an id never changes its bytes). */
export const mediaRoutes = new Hono<AppEnv>()
  // The editor's video preview: the thumbnail of a YouTube video, fetched by the server like the blog's.
  .get('/youtube/:file', async (c) => {
    const id = THUMBNAIL_FILE.exec(c.req.param('file'))?.[1];
    if (!id) throw new NotFoundError('No such video thumbnail.');
    const thumbnail = await videoThumbnail(c.get('deps').config, id);
    return c.body(new Uint8Array(thumbnail.body), 200, {
      'Content-Type': thumbnail.contentType,
      'Cache-Control': thumbnailCacheControl(thumbnail),
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
  })
  .get('/:id', async (c) => {
    const media = await getMedia({ ctx: { sql: c.get('deps').sql }, input: { id: c.req.param('id') } });
    return c.body(new Uint8Array(media.body), 200, {
      'Content-Type': media.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      // An SVG opened on its own must not run anything.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
  });
