import { z } from 'zod';
import { SEARCH_INTENTS } from '../../../src/lib/calendar/types.ts';
import { languageInstruction } from './language.ts';
import { composePlanDraft } from './offline/content-plan.ts';
import type { Ai, Generated, UsageTag } from './types.ts';

/** What a plan is made from: the style guide's keywords and base knowledge, and what already exists. */
export interface PlanSource {
  keywords: string[];
  base_knowledge: string;
  brand_voice: string;
  /** Posts, kept entries and the ideas already accepted: the plan must neither repeat nor compete with them. */
  planned: { title: string; target_keyword: string }[];
  /** Keywords of ideas the model proposed that were refused as competing: not to be proposed again. */
  refused: string[];
  /** The language the plan is written in (ISO code; English when left out): the composer's keywords depend on it. */
  language?: string | undefined;
}

/** Lines of the already-planned list sent at most (the newest kept): enough to steer, small enough for any model. */
const PLANNED_LINES = 150;

const text = (max: number) => z.string().trim().min(1).max(max);

/** One planned post as every provider must describe it. */
export const planIdeaSchema = z.object({
  title: text(200),
  target_keyword: text(120),
  secondary_keywords: z.array(text(120)).max(8).default([]),
  search_intent: z.enum(SEARCH_INTENTS).catch('informational'),
  content_type: text(40).catch('guide'),
  outline: z.array(text(200)).max(12).default([]),
});
export type PlanIdea = z.infer<typeof planIdeaSchema>;

export const planSchema = z.object({ entries: z.array(planIdeaSchema).min(1).max(60) });

/**
 * Asks the configured AI for `count` post ideas, one per keyword cluster, that avoid the given keywords. Offline the
 * composer answers with ideas the guard (`accept`) lets through.
 */
export async function writePlanIdeas(
  ai: Ai,
  source: PlanSource,
  count: number,
  accept: (idea: PlanIdea, picked: PlanIdea[]) => boolean,
  usage: UsageTag,
): Promise<Generated<{ entries: PlanIdea[] }>> {
  return ai.generate({
    schema: planSchema,
    usage,
    draft: () => composePlanDraft(source, count, accept, source.language),
    language: source.language,
    messages: [
      {
        role: 'system',
        content:
          'You are an SEO content strategist. Plan blog posts for a business as JSON {"entries":[...]}, each entry with ' +
          'title, target_keyword, secondary_keywords (2-4), search_intent (informational | commercial | transactional | ' +
          'navigational), content_type (guide, how-to, listicle, comparison, case study, checklist, faq, news) and outline ' +
          '(3-6 section headings). One entry per keyword cluster: no two entries may target the same or a near-duplicate ' +
          'keyword, and none may repeat or compete with a post already planned or published. ' +
          languageInstruction(source.language),
      },
      {
        role: 'user',
        content: [
          `Plan exactly ${count} posts.`,
          source.keywords.length ? `Keywords of the business: ${source.keywords.join(', ')}` : '',
          source.base_knowledge ? `About the business:\n${source.base_knowledge.slice(0, 4_000)}` : '',
          source.brand_voice ? `Brand voice:\n${source.brand_voice.slice(0, 1_000)}` : '',
          source.planned.length
            ? `Already planned or published (do not repeat these or plan a post competing with them):\n${source.planned
                .slice(-PLANNED_LINES)
                .map((piece) => `- ${piece.title} (keyword: ${piece.target_keyword || 'none'})`)
                .join('\n')}`
            : '',
          source.refused.length
            ? `Refused because they compete with the above (do not propose again): ${source.refused.slice(-100).join('; ')}`
            : '',
        ]
          .filter(Boolean)
          .join('\n\n'),
      },
    ],
  });
}
