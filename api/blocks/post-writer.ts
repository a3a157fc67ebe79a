import { z } from 'zod';
import { languageInstruction } from '../providers/ai/language.ts';
import {
  oneLine,
  outlineShape,
  sourceShape,
  styleGuideShape,
  type Outline,
  type Source,
  type StyleGuide,
} from './shapes.ts';
import { usageFor } from './shapes.ts';
import { defineBlock } from './types.ts';
import { voiceExamplesPrompt } from './voice-examples.ts';

/** A readable post written without AI from the outline: an introduction, a section per heading and a conclusion. */
export function draftPost(input: {
  topic: string;
  keyword: string;
  outline: Outline;
  guide?: StyleGuide | undefined;
  secondary: string[];
}): string {
  const subject = oneLine(input.topic);
  const keyword = input.keyword;
  const also = input.secondary.length ? ` Along the way we touch on ${input.secondary.join(', ')}.` : '';
  const parts = [
    `${input.outline.title} is a question many readers bring to us. This guide explains ${subject} step by step, with the essentials of ${keyword} first and the details after.${also}`,
  ];
  for (const section of input.outline.sections) {
    parts.push(`## ${section.heading}`);
    parts.push(
      `${section.heading} is where most people start when they look into ${subject}. The short version: keep it simple, measure what you do, and adjust as you learn.`,
    );
    if (section.points.length) parts.push(section.points.map((point) => `- ${point}`).join('\n'));
  }
  parts.push('## Conclusion');
  parts.push(
    `${titleOf(subject)} rewards a steady, practical approach. Start with the basics above, revisit them as you go, and ${keyword} will follow.`,
  );
  return parts.join('\n\n');
}

const titleOf = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Appends the sources the post used as a "Sources" list (the post cites what it drew on). */
function withSources(markdown: string, sources: Source[]): string {
  if (!sources.length || /^##\s+Sources\s*$/m.test(markdown)) return markdown;
  return `${markdown.trimEnd()}\n\n## Sources\n\n${sources.map((source) => `- [${source.title.replace(/[[\]]/g, '')}](${source.url})`).join('\n')}\n`;
}

/** Writes the post in markdown from the outline, in the brand's voice, citing the sources it used. */
export const postWriter = defineBlock({
  type: 'post_writer',
  title: 'Post writer',
  description: 'Writes the post in markdown from the outline and style guide, citing its sources.',
  input: z.object({
    topic: z.string(),
    target_keyword: z.string().optional(),
    secondary_keywords: z.array(z.string()).optional(),
    outline: outlineShape,
    style_guide: styleGuideShape.optional(),
    sources: z.array(sourceShape).optional(),
  }),
  output: z.object({
    title: z.string(),
    markdown: z.string(),
    sources: z.array(sourceShape),
    draft_label: z.string().nullable(),
  }),
  config: z.object({
    words: z.number().int().min(200).max(5000).default(1200).describe('Length to aim for, in words'),
  }),
  async run({ ctx, input, config }) {
    const keyword = oneLine(input.target_keyword || input.topic);
    const sources = input.sources ?? [];
    const guide = input.style_guide;
    const voice = voiceExamplesPrompt(guide);
    const generated = await ctx.ai.generate({
      schema: z.object({ title: z.string().min(1), markdown: z.string().min(1) }),
      usage: usageFor(ctx, 'post_writer'),
      language: ctx.runInput.language,
      messages: [
        {
          role: 'system',
          content: `You write blog posts in markdown (no top-level # heading; use ## for sections). Brand voice: ${guide?.brand_voice ?? ''}\nWriting rules: ${guide?.writing_style_guide ?? ''}\nFacts: ${guide?.base_knowledge ?? ''}${voice ? `\n${voice}` : ''}\n${languageInstruction(ctx.runInput.language)}`,
        },
        {
          role: 'user',
          content: `Topic: ${oneLine(input.topic)}\nTarget keyword: ${keyword}\nSecondary keywords: ${(input.secondary_keywords ?? []).join(', ')}\nOutline: ${JSON.stringify(input.outline)}\nSources you may cite (link them where used): ${sources.map((source) => `${source.title} <${source.url}>`).join('; ')}\nAbout ${config.words} words.`,
        },
      ],
      draft: () => ({
        title: input.outline.title,
        markdown: draftPost({
          topic: input.topic,
          keyword,
          outline: input.outline,
          guide,
          secondary: input.secondary_keywords ?? [],
        }),
      }),
    });
    return {
      title: oneLine(generated.value.title),
      markdown: withSources(generated.value.markdown, sources),
      sources,
      draft_label: generated.draft_label,
    };
  },
});
