import { z } from 'zod';

export const MAX_KEYWORDS = 10;
export const TOO_MANY_KEYWORDS = 'You can add a maximum of 10 keywords.';

/** Keywords as stored: trimmed, inner spaces collapsed, empty ones dropped, duplicates (any case) dropped, at most 10. */
export const keywordList = z
  .array(z.string({ error: 'Keywords must be text.' }), { error: 'Keywords must be a list of text.' })
  .transform((list) => {
    const seen = new Set<string>();
    return list
      .map((keyword) => keyword.trim().replace(/\s+/g, ' '))
      .filter((keyword) => {
        if (!keyword || seen.has(keyword.toLowerCase())) return false;
        seen.add(keyword.toLowerCase());
        return true;
      });
  })
  .refine((list) => list.length <= MAX_KEYWORDS, { error: TOO_MANY_KEYWORDS });
