import { z } from 'zod';
import { languageInstruction } from '../providers/ai/language.ts';
import { oneLine, styleGuideShape, usageFor } from './shapes.ts';
import { defineBlock } from './types.ts';

/** Describes the cover picture for the post, in the brand's image style. */
export const imagePrompt = defineBlock({
  type: 'image_prompt',
  title: 'Image prompt',
  description: "Describes the cover image in the brand's image style, with its alt text.",
  input: z.object({ title: z.string(), style_guide: styleGuideShape.optional() }),
  output: z.object({ image_prompt: z.string(), alt: z.string() }),
  config: z.object({}),
  async run({ ctx, input }) {
    const style = input.style_guide?.image_style ?? '';
    const generated = await ctx.ai.generate({
      schema: z.object({ image_prompt: z.string().min(1), alt: z.string().min(1) }),
      usage: usageFor(ctx, 'image_prompt'),
      language: ctx.runInput.language,
      messages: [
        {
          role: 'system',
          content: `You describe one cover image for a blog post (no text in the image) and its alt text. ${languageInstruction(ctx.runInput.language)}`,
        },
        { role: 'user', content: `Post title: ${oneLine(input.title)}\nImage style: ${style}` },
      ],
      draft: () => ({
        image_prompt: `A cover image for "${oneLine(input.title)}"${style ? `, ${oneLine(style)}` : ''}, no text.`,
        alt: `Cover image for ${oneLine(input.title)}`,
      }),
    });
    return generated.value;
  },
});
