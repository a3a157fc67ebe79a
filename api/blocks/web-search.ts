import { z } from 'zod';
import { searchProvider } from '../providers/search/index.ts';
import { searchResultShape, withWebAddress, type SearchResult } from './shapes.ts';
import { defineBlock } from './types.ts';

/** Searches the web (SearXNG, Brave or Tavily when configured); without a provider it is skipped and says so. */
export const webSearch = defineBlock({
  type: 'web_search',
  title: 'Web search',
  description: 'Finds the top web results for each query (needs SEARCH_PROVIDER).',
  input: z.object({ queries: z.array(z.string()) }),
  output: z.object({ results: z.array(searchResultShape), skipped_reason: z.string().optional() }),
  config: z.object({ max_results: z.number().int().min(1).max(20).default(5).describe('Results kept in all') }),
  async run({ ctx, input, config }) {
    const provider = searchProvider(ctx.config);
    if (!provider)
      return {
        results: [],
        skipped_reason: 'No search provider is configured (set SEARCH_PROVIDER), so the web was not searched.',
      };
    const seen = new Set<string>();
    const results: SearchResult[] = [];
    for (const query of input.queries) {
      // Results become the post's sources: one whose address is not http(s) is never passed on.
      for (const result of withWebAddress(await provider.search(query, config.max_results))) {
        if (seen.has(result.url)) continue;
        seen.add(result.url);
        results.push(result);
      }
      if (results.length >= config.max_results) break;
    }
    return { results: results.slice(0, config.max_results) };
  },
});
