import { MAX_KEYWORDS } from './prompts/types.ts';

/** Spec §5: the message when a guide would get more than 10 keywords. */
export const TOO_MANY_KEYWORDS = 'You can add a maximum of 10 keywords.';

/**
 * Adds typed keywords (comma-separated, trimmed, empty dropped, case-insensitive duplicates ignored) to a list;
 * refuses the whole addition when the list would pass the maximum, so nothing is half-added.
 */
export function addKeywords(list: string[], typed: string, max = MAX_KEYWORDS): { list: string[]; error: string | null } {
  const seen = new Set(list.map((keyword) => keyword.toLowerCase()));
  const added: string[] = [];
  for (const part of typed.split(',')) {
    const keyword = part.trim().replace(/\s+/g, ' ');
    if (!keyword || seen.has(keyword.toLowerCase())) continue;
    seen.add(keyword.toLowerCase());
    added.push(keyword);
  }
  if (list.length + added.length > max) return { list, error: TOO_MANY_KEYWORDS };
  return { list: [...list, ...added], error: null };
}
