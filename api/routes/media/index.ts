import { Hono } from 'hono';
import type { AppEnv } from '../../lib/hono.ts';
import { getMedia } from '../../services/workflows/media.ts';

/** /api/media/{id}: generated covers, public and cached for good (an id never changes its bytes). */
export const mediaRoutes = new Hono<AppEnv>().get('/:id', async (c) => {
  const media = await getMedia({ ctx: { sql: c.get('deps').sql }, input: { id: c.req.param('id') } });
  return c.body(new Uint8Array(media.body), 200, {
    'Content-Type': media.contentType,
    'Cache-Control': 'public, max-age=31536000, immutable',
    // An SVG opened on its own must not run anything.
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  });
});
