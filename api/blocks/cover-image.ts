import { z } from 'zod';
import type { Db } from '../db/sql.ts';
import { generateImage, imagesConfigured } from '../providers/images/index.ts';
import {
  coloursFrom,
  namedColours,
  seededColours,
  svgCover,
  type CoverColours,
} from '../providers/images/svg-cover.ts';
import { defineBlock } from './types.ts';

/**
 * The brand's colour for a cover: the first #rrggbb colour the project's default style guide names in its image
 * style, else the accent colour its hosted blog is drawn with; colours from the project id only if it has neither.
 */
export async function projectCoverColours(sql: Db, projectId: string): Promise<CoverColours> {
  const [row] = await sql<{ accent: string | null; image_style: string | null }[]>`
    select p.blog_accent_color as accent, g.image_style
    from projects p left join prompts g on g.id = p.default_prompt_id and g.project_id = p.id
    where p.id = ${projectId}`;
  const brand = namedColours(row?.image_style ?? '')[0] ?? row?.accent ?? null;
  return brand ? coloursFrom(brand) : seededColours(projectId);
}

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
    const [existing] = await ctx.sql<
      { id: string }[]
    >`select id from media where project_id = ${ctx.projectId} and run_id = ${ctx.runId} and node_id = ${ctx.nodeId}`;
    let mediaId = existing?.id;
    if (!mediaId) {
      const drawn = !(imagesConfigured(ctx.config) && input.image_prompt);
      const image = drawn
        ? {
            bytes: Buffer.from(svgCover(input.title, await projectCoverColours(ctx.sql, ctx.projectId))),
            contentType: 'image/svg+xml',
          }
        : await generateImage(ctx.config, input.image_prompt!);
      // A drawn cover shows the title: cover_title lets it follow a later title change (services/covers).
      const [row] = await ctx.sql<{ id: string }[]>`
        insert into media (project_id, content_type, body, run_id, node_id, cover_title)
        values (${ctx.projectId}, ${image.contentType}, ${image.bytes}, ${ctx.runId}, ${ctx.nodeId}, ${drawn ? input.title : null})
        on conflict (run_id, node_id) where run_id is not null do update set content_type = excluded.content_type
        returning id`;
      mediaId = row!.id;
    }
    return { cover_image_url: `/api/media/${mediaId}`, cover_image_alt: input.alt || input.title, media_id: mediaId };
  },
});
