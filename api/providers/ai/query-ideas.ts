import { type PlanIdea, planSchema, type PlanSource } from './content-plan.ts';
import type { Ai, UsageTag } from './types.ts';

// Posts for queries the blog is already shown for in Google without a post of its own (Search Console's rising
// queries): one idea per query, whose target keyword is the query itself.

const QUESTION = /^(how|what|why|when|where|which|who|can|does|do|is|are|should|will)\b/i;
const title = (text: string) => text.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());

/** The composer's idea for a query: its words as the title (a question keeps its question mark), a fitting outline. */
export function composeQueryIdea(query: string): PlanIdea {
  const words = query
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[?.!]+$/, '');
  const question = QUESTION.test(words);
  const howTo = /^how\b/i.test(words);
  const comparison = /\bvs\.?\b|\bversus\b/i.test(words);
  const commercial = /\b(best|price|prices|cost|costs|cheap|buy|review|reviews|near me)\b/i.test(words);
  return {
    title: question && !howTo ? `${title(words)}?` : howTo ? title(words) : `${title(words)}: What You Need to Know`,
    target_keyword: words.toLowerCase(),
    secondary_keywords: [],
    search_intent: commercial ? 'commercial' : 'informational',
    content_type: comparison ? 'comparison' : howTo ? 'how-to' : question ? 'faq' : 'guide',
    outline: howTo
      ? ['What you need', 'Step by step', 'Common mistakes', 'Next steps']
      : comparison
        ? ['The short answer', 'Side by side', 'Which to choose']
        : ['The short answer', 'What to know', 'Common questions', 'Next steps'],
  };
}

/**
 * One idea per query, each targeting exactly its query: written by the configured model (told what the business is
 * and that searchers already find the blog for these), or by the composer offline. Ideas the model left out are
 * composed.
 */
export async function writeQueryIdeas(
  ai: Ai,
  source: Pick<PlanSource, 'base_knowledge' | 'brand_voice'>,
  queries: string[],
  usage: UsageTag,
): Promise<{ ideas: PlanIdea[]; model: string | null; draft_label: string | null }> {
  if (queries.length === 0) return { ideas: [], model: ai.model, draft_label: null };
  const answer = await ai.generate({
    schema: planSchema,
    usage,
    draft: () => ({ entries: queries.map(composeQueryIdea) }),
    messages: [
      {
        role: 'system',
        content:
          "You are an SEO content strategist. People already find this business's blog in Google for the search queries " +
          'below, but no post answers them. Plan one blog post per query as JSON {"entries":[...]}, in the same order, each ' +
          'with title, target_keyword (exactly the query), secondary_keywords (2-4), search_intent (informational | ' +
          'commercial | transactional | navigational), content_type and outline (3-6 section headings).',
      },
      {
        role: 'user',
        content: [
          `Queries, one post each:\n${queries.map((query) => `- ${query}`).join('\n')}`,
          source.base_knowledge ? `About the business:\n${source.base_knowledge.slice(0, 3_000)}` : '',
          source.brand_voice ? `Brand voice:\n${source.brand_voice.slice(0, 800)}` : '',
        ]
          .filter(Boolean)
          .join('\n\n'),
      },
    ],
  });
  const ideas = queries.map((query, index) => {
    const idea = answer.value.entries[index];
    return idea ? { ...idea, target_keyword: query.trim().toLowerCase() } : composeQueryIdea(query);
  });
  return { ideas, model: answer.model, draft_label: answer.draft_label };
}
