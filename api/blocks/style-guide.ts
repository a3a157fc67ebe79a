import { z } from 'zod';
import { styleGuideShape } from './shapes.ts';
import { defineBlock } from './types.ts';

/**
 * Loads the project's style guide (or a chosen one) so writing blocks follow the brand's voice. A project without a
 * default guide writes in a neutral voice; a chosen guide that is not the project's (deleted, or another project's)
 * fails the node: the run must not quietly write without the guide it was built around.
 */
export const styleGuide = defineBlock({
  type: 'style_guide',
  title: 'Style guide',
  description: "The project's style guide: brand voice, writing rules, image style and keywords.",
  input: z.object({}),
  output: z.object({ style_guide: styleGuideShape }),
  config: z.object({
    prompt_id: z.uuid().optional().describe('A style guide of the project; the default one when empty'),
  }),
  async run({ ctx, config }) {
    const row = await ctx.styleGuides.find(config.prompt_id ?? null);
    if (!row && config.prompt_id)
      throw new Error(
        `This project has no style guide ${config.prompt_id} (deleted, or another project's). Choose another one in the node's settings.`,
      );
    return {
      style_guide: row
        ? {
            brand_voice: row.brand_voice,
            writing_style_guide: row.writing_style_guide,
            image_style: row.image_style,
            keywords: row.keywords,
            base_knowledge: row.base_knowledge,
            voice_profile: row.voice_profile,
            voice_examples: row.voice_examples,
          }
        : { brand_voice: '', writing_style_guide: '', image_style: '', keywords: [], base_knowledge: '' },
    };
  },
});
