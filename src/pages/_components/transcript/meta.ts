// Titles and descriptions of the transcript pages rendered on demand, whose words come from Reels and tags of any
// length: each template keeps within the search-snippet limits whatever it is given (a unit test tries the extremes).
import { DESCRIPTION_MAX, DESCRIPTION_MIN, TITLE_MAX, firstThatFits, shortenToWords, textLength } from '../../../lib/seo/limits.ts';

const BRAND = ' | Inkpilot';
const pageSuffix = (page: number) => (page > 1 ? ` — page ${page}` : '');

/** "<Reel title> — Transcript | Inkpilot", the brand dropped and then the Reel title shortened only when too long. */
export function detailTitle(reelTitle: string): string {
  const name = reelTitle.replace(/\s+/g, ' ').trim() || 'Instagram Reel';
  const tail = ' — Transcript';
  return firstThatFits([`${name}${tail}${BRAND}`, `${name}${tail}`, `${shortenToWords(name, TITLE_MAX - textLength(tail))}${tail}`], TITLE_MAX);
}

/** The Reel's own words as the snippet; short transcripts are introduced so the snippet still says what the page is. */
export function detailDescription(reelTitle: string, transcription: string): string {
  const words = transcription.replace(/\s+/g, ' ').trim();
  const about = reelTitle.trim() ? `Transcript of the Instagram Reel “${shortenToWords(reelTitle, 60)}”` : 'Transcript of an Instagram Reel';
  const text = textLength(words) >= DESCRIPTION_MIN ? words : `${about}: ${words.replace(/[.!?…]+$/, '') || 'no words were spoken'}. Read, copy and edit the text for free.`;
  return shortenToWords(text, DESCRIPTION_MAX);
}

export const NOT_FOUND_TITLE = 'Transcription Not Found | Inkpilot';
export const NOT_FOUND_DESCRIPTION = 'This transcription does not exist or may have been removed. Transcribe any public Instagram Reel for free.';

/** "#tag Instagram Reel Transcripts | Inkpilot", shorter wordings for long tags, the tag itself shortened last. */
export function tagTitle(tag: string, page = 1): string {
  const suffix = pageSuffix(page);
  const shortTail = ` Reel Transcripts${suffix}`;
  return firstThatFits(
    [`#${tag} Instagram Reel Transcripts${suffix}${BRAND}`, `#${tag} Instagram Reel Transcripts${suffix}`, `#${tag}${shortTail}`, `#${shortenToWords(tag, TITLE_MAX - 1 - textLength(shortTail))}${shortTail}`],
    TITLE_MAX,
  );
}

/** What a tag page offers, with its page number so every page of a tag has its own snippet. */
export function tagDescription(tag: string, page = 1): string {
  const ofPage = page > 1 ? ` Page ${page}.` : '';
  return firstThatFits(
    [
      `Read transcripts of public Instagram Reels tagged #${tag}: each Reel's words as text you can copy, free and without signup.${ofPage}`,
      `Transcripts of public Instagram Reels tagged #${tag}, free to read and copy.${ofPage}`,
      `Transcripts of public Instagram Reels tagged #${shortenToWords(tag, 60)}, free to read and copy.${ofPage}`,
    ],
    DESCRIPTION_MAX,
  );
}

/** The tag index of an alias, named after the alias's tool where that fits. */
export function tagIndexTitle(toolTitle: string): string {
  return firstThatFits([`Explore Instagram Tags | ${toolTitle}`, `Explore Instagram Tags${BRAND}`], TITLE_MAX);
}

/** The tag index's snippet. */
export function tagIndexDescription(toolTitle: string): string {
  const rest = 'browse public Instagram Reel transcripts by hashtag, how often each tag is used and when.';
  return firstThatFits([`${toolTitle}: ${rest}`, `Explore Instagram tags: ${rest}`], DESCRIPTION_MAX);
}
