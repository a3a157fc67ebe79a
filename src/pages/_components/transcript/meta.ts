// Titles and descriptions of the transcript pages rendered on demand, whose words come from Reels and tags of any
// length. The wordings are the editors' (src/content/transcript-shared/shared.yaml, `meta`), longest first; each
// page takes the first that keeps within the search-snippet limits (a unit test tries the extremes).
import type { z } from 'astro/zod';
import type { transcriptSharedSchema } from '../../../content/_schemas/transcript.ts';
import { fill } from '../../../lib/fill.ts';
import { DESCRIPTION_MAX, DESCRIPTION_MIN, TITLE_MAX, shortenToWords, textLength } from '../../../lib/seo/limits.ts';

export type MetaCopy = z.infer<typeof transcriptSharedSchema>['meta'];
type Values = Record<string, string | number>;

/** Longest part of a Reel title quoted in a short transcript's snippet. */
const QUOTED_TITLE_MAX = 60;

/** The first wording within `max` once filled in; else the last one with `shorten`'s value cut at a word to make it fit. */
function fitted(wordings: string[], values: Values, max: number, shorten?: string): string {
  const filled = wordings.map((wording) => fill(wording, values));
  const fits = filled.find((option) => textLength(option) <= max);
  if (fits !== undefined || !shorten) return fits ?? filled.at(-1)!;
  const last = wordings.at(-1)!;
  const room = max - textLength(fill(last, { ...values, [shorten]: '' }));
  return fill(last, { ...values, [shorten]: shortenToWords(String(values[shorten]), room) });
}

/** " — page 2" from page 2 on, nothing on the first page. */
const pageNote = (template: string, page: number) => (page > 1 ? ` ${fill(template, { n: page })}` : '');

/** "<Reel title> — Transcript | Inkpilot", the brand dropped and then the Reel title shortened only when too long. */
export function detailTitle(meta: MetaCopy, reelTitle: string, untitled: string): string {
  const title = reelTitle.replace(/\s+/g, ' ').trim() || untitled;
  return fitted(meta.detailTitles, { title }, TITLE_MAX, 'title');
}

/** The Reel's own words as the snippet; short transcripts are introduced so the snippet still says what the page is. */
export function detailDescription(meta: MetaCopy, reelTitle: string, transcription: string): string {
  const words = transcription.replace(/\s+/g, ' ').trim();
  if (textLength(words) >= DESCRIPTION_MIN) return shortenToWords(words, DESCRIPTION_MAX);
  const intro = reelTitle.trim()
    ? fill(meta.detailIntro, { title: shortenToWords(reelTitle, QUOTED_TITLE_MAX) })
    : meta.detailIntroUntitled;
  return shortenToWords(
    fill(meta.detailShort, { intro, words: words.replace(/[.!?…]+$/, '') || meta.noWords }),
    DESCRIPTION_MAX,
  );
}

/** "#tag Instagram Reel Transcripts | Inkpilot", shorter wordings for long tags, the tag itself shortened last. */
export function tagTitle(meta: MetaCopy, tag: string, page = 1): string {
  return fitted(meta.tagTitles, { tag, page: pageNote(meta.tagTitlePage, page) }, TITLE_MAX, 'tag');
}

/** What a tag page offers, with its page number so every page of a tag has its own snippet. */
export function tagDescription(meta: MetaCopy, tag: string, page = 1): string {
  return fitted(meta.tagDescriptions, { tag, page: pageNote(meta.tagDescriptionPage, page) }, DESCRIPTION_MAX, 'tag');
}

/** The tag index of an alias, named after the alias's tool where that fits. */
export function tagIndexTitle(meta: MetaCopy, toolTitle: string): string {
  return fitted(meta.tagIndexTitles, { tool: toolTitle }, TITLE_MAX);
}

/** The tag index's snippet. */
export function tagIndexDescription(meta: MetaCopy, toolTitle: string): string {
  return fitted(meta.tagIndexDescriptions, { tool: toolTitle }, DESCRIPTION_MAX);
}
