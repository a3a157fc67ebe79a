import { MAX_KEYWORDS } from './prompts/types.ts';

/** Spec §5: the message when a guide would get more than 10 keywords. */
export const TOO_MANY_KEYWORDS = 'You can add a maximum of 10 keywords.';

/** Keywords as stored: trimmed, inner spaces collapsed, empty ones and duplicates (any case) dropped, first spelling kept. */
export function normaliseKeywords(list: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const part of list) {
    const keyword = part.trim().replace(/\s+/g, ' ');
    if (!keyword || seen.has(keyword.toLowerCase())) continue;
    seen.add(keyword.toLowerCase());
    kept.push(keyword);
  }
  return kept;
}

/**
 * Adds typed keywords (comma-separated) to a list, normalised as stored; refuses the whole addition when the list
 * would pass the maximum, so nothing is half-added.
 */
export function addKeywords(
  list: string[],
  typed: string,
  max = MAX_KEYWORDS,
): { list: string[]; error: string | null } {
  const next = normaliseKeywords([...list, ...typed.split(',')]);
  if (next.length > max) return { list, error: TOO_MANY_KEYWORDS };
  return { list: next, error: null };
}
