// Title and description fields with the search-snippet limits (issue 18), so an editor learns of a too-long
// title when the build reads the file, not from a cut search result.
import { z } from 'astro/zod';
import { DESCRIPTION_MAX, DESCRIPTION_MIN, TITLE_MAX, textLength } from '../../lib/seo/limits.ts';

/** A <title>: at most 60 characters, so search results show it whole. */
export const seoTitle = (what: string) =>
  z
    .string()
    .min(1, `${what} must not be empty`)
    .refine((value) => textLength(value) <= TITLE_MAX, { message: `Keep the title to ${TITLE_MAX} characters or fewer; search results cut longer ones` })
    .describe(`${what} (at most ${TITLE_MAX} characters)`);

/** A meta description: 70 to 160 characters, long enough to inform and short enough to show whole. */
export const seoDescription = (what: string) =>
  z
    .string()
    .refine((value) => textLength(value) >= DESCRIPTION_MIN && textLength(value) <= DESCRIPTION_MAX, {
      message: `Write the description in ${DESCRIPTION_MIN} to ${DESCRIPTION_MAX} characters; search results cut longer ones and shorter ones say too little`,
    })
    .describe(`${what} (${DESCRIPTION_MIN} to ${DESCRIPTION_MAX} characters)`);

/** Page meta shared by every page entry (spec §3 Page meta). */
export const seoSchema = z
  .object({
    title: seoTitle('Browser tab and search result title, unique per page'),
    description: seoDescription('Search result snippet, unique per page'),
  })
  .strict()
  .describe('Browser tab title and search result snippet');
