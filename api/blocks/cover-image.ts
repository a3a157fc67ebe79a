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
    const [existing] = await ctx.sql<{ id: string }[]>`select id from media where project_id = ${ctx.projectId} and run_id = ${ctx.runId} and node_id = ${ctx.nodeId}`;
    let mediaId = existing?.id;
    if (!mediaId) {
      const image =
        imagesConfigured(ctx.config) && input.image_prompt
          ? await generateImage(ctx.config, input.image_prompt)
          : { bytes: Buffer.from(svgCover(input.title, ctx.projectId)), contentType: 'image/svg+xml' };
      const [row] = await ctx.sql<{ id: string }[]>`
        insert into media (project_id, content_type, body, run_id, node_id)
        values (${ctx.projectId}, ${image.contentType}, ${image.bytes}, ${ctx.runId}, ${ctx.nodeId})
        on conflict (run_id, node_id) where run_id is not null do update set content_type = excluded.content_type
        returning id`;
      mediaId = row!.id;
    }
    return { cover_image_url: `/api/media/${mediaId}`, cover_image_alt: input.alt || input.title, media_id: mediaId };
  },
});
