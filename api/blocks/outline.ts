import { z } from 'zod';
import { languageInstruction } from '../providers/ai/language.ts';
import {
  competitorShape,
  oneLine,
  outlineShape,
  styleGuideShape,
  titleCase,
  usageFor,
  type Outline,
} from './shapes.ts';
import { defineBlock } from './types.ts';

/** A topic or keyword asked as a question ("How often should I feed a starter?"). */
const QUESTION = /\?\s*$|^(how|what|why|when|which|who|can|should|do|does|is|are)\b/i;

/**
 * The draft outline when no AI is configured: the writer's own outline when the run has one, else the sections a
 * useful article has, named after the keyword (a question gets the sections of an answer). No points: an offline
 * outline gives headings, not instructions to a writer (the writer's brief adds facts and questions to each).
 */
export function draftOutline(topic: string, keyword: string, brief: string): Outline {
  const subject = oneLine(topic);
  const term = oneLine(keyword || topic).replace(/\?$/, '');
  const fromBrief = brief
    .split(/\n+/)
    .map((line) => line.replace(/^[-*#\d.\s]+/, '').trim())
    .filter(Boolean);
  const headings = fromBrief.length
    ? fromBrief
    : QUESTION.test(term) || QUESTION.test(subject)
      ? ['The short answer', 'What it depends on', 'Step by step', 'Mistakes to avoid', 'Key takeaways']
      : [
          `What ${term} is`,
          `Why ${term} matters`,
          `How to get started with ${term}`,
          `Common ${term} mistakes`,
          'Key takeaways',
        ];
  return {
    title: titleCase(subject),
    sections: headings.slice(0, 8).map((heading) => ({ heading, points: [] })),
  };
}

/** Plans the post's title and sections from the topic, the brand's guide and what competitors cover. */
export const outline = defineBlock({
  type: 'outline',
  title: 'Outline',
  description: "Plans the post's title and sections from the topic, style guide and competitors.",
  input: z.object({
    topic: z.string(),
    target_keyword: z.string().optional(),
    brief: z.string().optional(),
    style_guide: styleGuideShape.optional(),
    competitors: z.array(competitorShape).optional(),
  }),
  output: z.object({ outline: outlineShape }),
  config: z.object({
    max_sections: z.number().int().min(2).max(12).default(6).describe('Most sections in the outline'),
  }),
  async run({ ctx, input, config }) {
    const keyword = oneLine(input.target_keyword || input.topic);
    const competitors = (input.competitors ?? [])
      .map((page) => `- ${page.title}: ${page.headings.slice(0, 8).join(' | ')}`)
      .join('\n');
    const generated = await ctx.ai.generate({
      schema: z.object({ outline: outlineShape }),
      usage: usageFor(ctx, 'outline'),
      language: ctx.runInput.language,
      messages: [
        {
          role: 'system',
          content: `You plan blog posts that rank for their keyword. Brand voice: ${input.style_guide?.brand_voice ?? ''}\n${languageInstruction(ctx.runInput.language)}`,
        },
        {
          role: 'user',
          content: `Topic: ${oneLine(input.topic)}\nTarget keyword: ${keyword}\nWriter's outline (follow it when given):\n${input.brief ?? ''}\nCompetitor headings:\n${competitors}\nPlan at most ${config.max_sections} sections.`,
        },
      ],
      draft: () => ({ outline: draftOutline(input.topic, keyword, input.brief ?? '') }),
    });
    const planned = generated.value.outline;
    return { outline: { ...planned, sections: planned.sections.slice(0, config.max_sections) } };
  },
});
