import { z } from 'zod';
import { languageInstruction } from '../providers/ai/language.ts';
import { oneLine, usageFor } from './shapes.ts';
import { defineBlock } from './types.ts';

const answer = z.object({ queries: z.array(z.string().min(1)).min(1).max(5) });

/** Turns the topic into a few web search queries that find what already ranks for it. */
export const queryOptimiser = defineBlock({
  type: 'query_optimiser',
  title: 'Query optimiser',
  description: 'Writes web search queries for the topic and its keyword.',
  input: z.object({
    topic: z.string(),
    target_keyword: z.string().optional(),
    secondary_keywords: z.array(z.string()).optional(),
  }),
  output: z.object({ queries: z.array(z.string()) }),
  config: z.object({ max_queries: z.number().int().min(1).max(5).default(3).describe('How many queries to write') }),
  async run({ ctx, input, config }) {
    const keyword = oneLine(input.target_keyword || input.topic);
    const generated = await ctx.ai.generate({
      schema: answer,
      usage: usageFor(ctx, 'query_optimiser'),
      language: ctx.runInput.language,
      messages: [
        {
          role: 'system',
          content: `You write precise web search queries that find the best existing articles on a topic. ${languageInstruction(ctx.runInput.language)}`,
        },
        {
          role: 'user',
          content: `Topic: ${oneLine(input.topic)}\nTarget keyword: ${keyword}\nSecondary keywords: ${(input.secondary_keywords ?? []).join(', ')}\nWrite up to ${config.max_queries} search queries.`,
        },
      ],
      draft: () => ({
        queries: [...new Set([keyword, oneLine(input.topic), `${keyword} guide`])].slice(0, config.max_queries),
      }),
    });
    return { queries: generated.value.queries.slice(0, config.max_queries) };
  },
});
