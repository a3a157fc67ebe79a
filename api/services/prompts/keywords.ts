import { z } from 'zod';
import { normaliseKeywords, TOO_MANY_KEYWORDS } from '../../../src/lib/keywords.ts';
import { MAX_KEYWORDS } from '../../../src/lib/prompts/types.ts';

/** Keywords as stored (normalised the way the browser's keyword chips do), at most 10. */
export const keywordList = z
  .array(z.string({ error: 'Keywords must be text.' }), { error: 'Keywords must be a list of text.' })
  .transform(normaliseKeywords)
  .refine((list) => list.length <= MAX_KEYWORDS, { error: TOO_MANY_KEYWORDS });
