import { z } from 'zod';
import { errorBody, operation } from '../../lib/openapi.ts';

export const mediaIdParam = z.object({ id: z.string() });

/** GET /media/{id} answers the bytes themselves (image/svg+xml, image/png, ...), not JSON. */
export const mediaResponse = z.string().describe('The media bytes with their content type');

export const operations = [
  operation({
    method: 'get',
    path: '/api/media/{id}',
    tag: 'Media',
    public: true,
    summary:
      'A generated cover image by id, without sign-in (public blogs show it); cached for good, since an id never changes its bytes.',
    params: mediaIdParam,
    responses: {
      200: {
        description:
          'The image bytes with their content type (an SVG cover, or the images server’s format), Cache-Control: public, max-age=31536000, immutable; an SVG runs nothing (sandboxed by Content-Security-Policy).',
        schema: mediaResponse,
        mediaTypes: ['image/svg+xml', 'image/*'],
      },
      404: { description: 'No such media.', schema: errorBody },
    },
  }),
];
