// Search-snippet limits shared by the page templates and the build-time SEO audit (issue 18).

/** Longest <title> shown whole in search results, in characters. */
export const TITLE_MAX = 60;
/** Shortest meta description that still says what a page offers. */
export const DESCRIPTION_MIN = 70;
/** Longest meta description shown whole in search results. */
export const DESCRIPTION_MAX = 160;

/** Length as a reader counts it: one per character, emoji and accented letters included. */
export function textLength(text: string): number {
  return [...text].length;
}

/** The first option within `max` characters, else the last one: templates list their wordings longest first. */
export function firstThatFits(options: string[], max: number): string {
  return options.find((option) => textLength(option) <= max) ?? options.at(-1)!;
}

/**
 * Text from outside our copy (a Reel's title or words) shortened to whole words within `max` characters, with an
 * ellipsis when anything was left out; one word longer than the limit is cut by characters.
 */
export function shortenToWords(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (textLength(clean) <= max) return clean;
  const room = [...clean].slice(0, max - 1).join('');
  const cut = room.lastIndexOf(' ');
  return `${(cut > 0 ? room.slice(0, cut) : room).replace(/[\s,;:.–—-]+$/, '')}…`;
}
