import { z } from 'zod';
import { extractPage } from '../providers/crawler/extract.ts';
import { safeFetch } from '../providers/safe-fetch/index.ts';
import { competitorShape, searchResultShape, sourceShape, withWebAddress, type Competitor } from './shapes.ts';
import { defineBlock } from './types.ts';

const PAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Reads the top results through the guarded fetch: their headings and opening become what the post must beat. */
export const competitorAnalysis = defineBlock({
  type: 'competitor_analysis',
  title: 'Competitor analysis',
  description: 'Reads the top search results (guarded fetch) and keeps their headings and a summary as sources.',
  input: z.object({ results: z.array(searchResultShape) }),
  output: z.object({
    competitors: z.array(competitorShape),
    sources: z.array(sourceShape),
    skipped_reason: z.string().optional(),
  }),
  config: z.object({ max_pages: z.number().int().min(0).max(10).default(3).describe('Results read in full') }),
  async run({ ctx, input, config }) {
    // Nothing to read is a skipped step, never a success: the run view says why.
    if (!input.results.length || config.max_pages === 0)
      return {
        competitors: [],
        sources: [],
        skipped_reason: input.results.length
          ? 'Reading competitors is turned off (results read in full: 0).'
          : 'No search results to read (web search found none or was skipped), so no competitor pages were read.',
      };
    const pages = await Promise.all(
      input.results.slice(0, config.max_pages).map(async (result): Promise<Competitor> => {
        try {
          const response = await safeFetch(result.url, {
            maxBytes: PAGE_MAX_BYTES,
            timeoutMs: ctx.config.FETCH_TIMEOUT_MS,
            allowLoopback: ctx.config.FETCH_ALLOW_LOOPBACK,
            headers: { 'user-agent': 'InkpilotBot/1.0 (+https://inkpilot.app)' },
          });
          if (response.status >= 400 || !/html/i.test(response.contentType)) throw new Error('not an HTML page');
          const { page } = extractPage(response.body.toString('utf8'), response.url);
          return {
            title: page.title || result.title,
            url: result.url,
            headings: page.headings.slice(0, 20),
            summary: page.text.slice(0, 600),
            // The post's length target is the median of these (the checklist's "length against competitors").
            words: page.text.split(/\s+/).filter(Boolean).length,
          };
        } catch {
          // A page that cannot be read still counts through its search snippet.
          return { title: result.title, url: result.url, headings: [], summary: result.snippet };
        }
      }),
    );
    const sources = withWebAddress(pages.map((page) => ({ title: page.title || page.url, url: page.url.trim() })));
    return { competitors: pages, sources };
  },
});
