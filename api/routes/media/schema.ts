import { z } from 'zod';
import { errorBody, operation } from '../../lib/openapi.ts';

export const mediaIdParam = z.object({ id: z.string() });

/** GET /media/{id} answers the bytes themselves (image/svg+xml, image/png, ...), not JSON. */
export const mediaResponse = z.string().describe('The media bytes with their content type');

export const videoThumbnailParam = z.object({
  file: z.string().describe('The YouTube video id followed by .jpg, e.g. dQw4w9WgXcQ.jpg'),
});

export const operations = [
  operation({
    method: 'get',
    path: '/api/media/youtube/{file}',
    tag: 'Media',
    public: true,
    summary:
      "A YouTube video's thumbnail, fetched by the server (the editor's video preview; hosted blogs serve the same from their own host), so the browser never contacts YouTube before play.",
    params: videoThumbnailParam,
    responses: {
      200: {
        description:
          'The thumbnail (image/jpeg), Cache-Control: public, max-age=86400; a dark SVG stand-in (max-age=60) while YouTube cannot be reached.',
        schema: mediaResponse,
        mediaTypes: ['image/jpeg', 'image/svg+xml'],
      },
      404: { description: 'Not a video id followed by .jpg.', schema: errorBody },
    },
  }),
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
