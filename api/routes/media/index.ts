import { z } from 'zod';
import { errorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { getMedia } from '../../services/workflows/media.ts';
import { youtubeThumbnailRoute } from './youtube-thumbnail.ts';

/** GET /api/media/{id}: generated covers, public and cached for good (an id never changes its bytes). */
export const mediaRoute = defineRoute({
  method: 'get',
  path: '/api/media/{id}',
  tag: 'Media',
  public: true,
  summary:
    'A generated cover image by id, without sign-in (public blogs show it); cached for good, since an id never changes its bytes.',
  params: z.object({ id: z.string() }),
  responses: {
    200: {
      description:
        'The image bytes with their content type (an SVG cover, or the images server’s format), Cache-Control: public, max-age=31536000, immutable; an SVG runs nothing (sandboxed by Content-Security-Policy).',
      schema: z.string().describe('The media bytes with their content type'),
      mediaTypes: ['image/svg+xml', 'image/*'],
    },
    404: { description: 'No such media.', schema: errorBody },
  },
  handler: async (c, { params }) => {
    const media = await getMedia({ ctx: { sql: c.get('deps').sql }, input: { id: params.id } });
    return c.body(new Uint8Array(media.body), 200, {
      'Content-Type': media.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      // An SVG opened on its own must not run anything.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
  },
});

/** /api/media: the YouTube thumbnails of the editor's video preview before the covers' ids. */
export const mediaRoutes = [youtubeThumbnailRoute, mediaRoute];
