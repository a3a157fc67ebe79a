import { z } from 'zod';
import { generateImage, imagesConfigured } from '../providers/images/index.ts';
import { svgCover } from '../providers/images/svg-cover.ts';
import { defineBlock } from './types.ts';

/** Makes the cover: an image from the configured images server, else an SVG with the title in the brand's colours. */
export const coverImage = defineBlock({
  type: 'cover_image',
  title: 'Cover image',
  description: "Generates the cover image (images server when configured, else an SVG in the brand's colours).",
  input: z.object({ title: z.string(), image_prompt: z.string().optional(), alt: z.string().optional() }),
  output: z.object({ cover_image_url: z.string(), cover_image_alt: z.string(), media_id: z.string() }),
  config: z.object({}),
  async run({ ctx, input }) {
    // A retried node reuses the cover it stored before the crash instead of storing a second one.
    let mediaId = await ctx.media.stored();
    if (!mediaId) {
      const image =
        imagesConfigured(ctx.config) && input.image_prompt
          ? await generateImage(ctx.config, input.image_prompt)
          : {
              bytes: Buffer.from(svgCover(input.title, await ctx.brand.coverColours())),
              contentType: 'image/svg+xml',
            };
      mediaId = await ctx.media.store({ contentType: image.contentType, bytes: image.bytes });
    }
    return { cover_image_url: `/api/media/${mediaId}`, cover_image_alt: input.alt || input.title, media_id: mediaId };
  },
});
