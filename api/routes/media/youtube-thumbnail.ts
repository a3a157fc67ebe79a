import { z } from 'zod';
import { errorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { thumbnailCacheControl, videoThumbnail } from '../../providers/video/thumbnails.ts';

/** GET /api/media/youtube/{file}: the editor's video preview, a YouTube thumbnail fetched by the server. */
export const youtubeThumbnailRoute = defineRoute({
  method: 'get',
  path: '/api/media/youtube/{file}',
  tag: 'Media',
  public: true,
  summary:
    "A YouTube video's thumbnail, fetched by the server (the editor's video preview; hosted blogs serve the same from their own host), so the browser never contacts YouTube before play.",
  params: z.object({
    file: z
      .string()
      .regex(/^[\w-]{11}\.jpg$/, { error: 'Video thumbnail not found.' })
      .describe('The YouTube video id followed by .jpg, e.g. dQw4w9WgXcQ.jpg'),
  }),
  responses: {
    200: {
      description:
        'The thumbnail (image/jpeg), Cache-Control: public, max-age=86400; a dark SVG stand-in (max-age=60) while YouTube cannot be reached.',
      schema: z.string().describe('The thumbnail bytes with their content type'),
      mediaTypes: ['image/jpeg', 'image/svg+xml'],
    },
    404: { description: 'Not a video id followed by .jpg.', schema: errorBody },
  },
  handler: async (c, { params }) => {
    const thumbnail = await videoThumbnail(c.get('deps').config, params.file.slice(0, -'.jpg'.length));
    return c.body(new Uint8Array(thumbnail.body), 200, {
      'Content-Type': thumbnail.contentType,
      'Cache-Control': thumbnailCacheControl(thumbnail),
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
  },
});
