import { z } from 'zod';
import { lengthIn } from '../../src/lib/languages/words.ts';
import { readPage } from '../providers/crawler/read-page.ts';
import {
  competitorShape,
  oneLine,
  researchNoteShape,
  searchResultShape,
  sourceShape,
  withWebAddress,
  type Competitor,
  type ResearchNote,
  type SearchResult,
} from './shapes.ts';
import { defineBlock } from './types.ts';

/** Passages kept of one page: its main text cut into blocks of about this many characters. */
const PASSAGE_CHARS = 600;
const PASSAGES_PER_PAGE = 12;

/** A page's main text as research passages: its blocks joined up to about PASSAGE_CHARS each. */
export function passagesOf(text: string): string[] {
  const passages: string[] = [];
  let current = '';
  for (const block of text
    .split('\n')
    .map(oneLine)
    .filter((line) => line.split(' ').length >= 6)) {
    if (current && current.length + block.length > PASSAGE_CHARS) {
      passages.push(current);
      current = '';
    }
    current = current ? `${current} ${block}` : block;
  }
  if (current) passages.push(current);
  return passages.slice(0, PASSAGES_PER_PAGE);
}

/** A search result as a note of its snippet (a page not read in full), or none when it has no snippet. */
const snippetNote = (result: SearchResult): ResearchNote[] =>
  result.snippet.trim() ? [{ url: result.url, title: result.title, passage: oneLine(result.snippet) }] : [];

/**
 * Reads the top results through the guarded fetch: their headings and opening become what the post must beat, their
 * text research notes (passages with the page's address and title) stored with the run, and the text itself a
 * snapshot the fact check reads claims against. A result that cannot be read is a note of its search snippet.
 */
export const competitorAnalysis = defineBlock({
  type: 'competitor_analysis',
  title: 'Competitor analysis',
  description:
    'Reads the top search results (guarded fetch): their headings and a summary, research notes of their text, and sources.',
  input: z.object({ results: z.array(searchResultShape) }),
  output: z.object({
    competitors: z.array(competitorShape),
    sources: z.array(sourceShape),
    notes: z.array(researchNoteShape),
    skipped_reason: z.string().optional(),
  }),
  config: z.object({ max_pages: z.number().int().min(0).max(10).default(3).describe('Results read in full') }),
  async run({ ctx, input, config }) {
    // Only web addresses are read, kept and cited (a result wired from elsewhere may be anything).
    const results = withWebAddress(input.results);
    // Nothing to read is a skipped step, never a success: the run view says why.
    if (!results.length || config.max_pages === 0)
      return {
        competitors: [],
        sources: [],
        notes: [],
        skipped_reason: results.length
          ? 'Reading competitors is turned off (results read in full: 0).'
          : 'No search results to read (web search found none or was skipped), so no competitor pages were read.',
      };
    const read = await Promise.all(
      results.slice(0, config.max_pages).map(async (result): Promise<{ page: Competitor; notes: ResearchNote[] }> => {
        const page = await readPage(result.url, {
          timeoutMs: ctx.config.FETCH_TIMEOUT_MS,
          allowLoopback: ctx.config.FETCH_ALLOW_LOOPBACK,
        });
        const title = page.title || result.title;
        await ctx.sources.store({ url: result.url, title, text: page.text, error: page.error });
        // A page that cannot be read still counts through its search snippet.
        if (page.error || !page.text)
          return {
            page: { title: result.title, url: result.url, headings: [], summary: result.snippet },
            notes: snippetNote(result),
          };
        return {
          page: {
            title,
            url: result.url,
            headings: page.headings.slice(0, 20),
            summary: page.text.slice(0, 600),
            // The post's length target is the median of these (the checklist's "length against competitors"), counted
            // as the checklist counts the post: characters in Japanese and Chinese, segmented words in Thai.
            words: lengthIn(page.text, ctx.runInput.language),
          },
          notes: passagesOf(page.text).map((passage) => ({ url: result.url, title, passage })),
        };
      }),
    );
    const pages = read.map((entry) => entry.page);
    // Results not read in full are still notes, by their snippets.
    const notes = [...read.flatMap((entry) => entry.notes), ...results.slice(config.max_pages).flatMap(snippetNote)];
    await ctx.research.save(notes);
    const sources = withWebAddress(pages.map((page) => ({ title: page.title || page.url, url: page.url.trim() })));
    return { competitors: pages, sources, notes };
  },
});
