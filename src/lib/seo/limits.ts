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
