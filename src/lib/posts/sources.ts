// The one rule for a post's sources (issue 22), wherever one is stored: the editor's PATCH, a workflow's save_post
// input, the web search and competitor blocks that find them. The workspace and the blog show each as a link, so
// only an absolute http(s) address is a source: never javascript:, data: or a protocol-relative address.
import { z } from 'zod';
import { textLength } from '../seo/limits.ts';
import { isWebAddress } from './web-address.ts';

export const SOURCES_MAX = 50;
export const SOURCE_URL_MAX = 2000;
export const SOURCE_TITLE_MAX = 300;

/** A web address field: trimmed, at most 2000 characters, http:// or https:// only. */
export const webAddress = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(SOURCE_URL_MAX, { error: `${label} must be at most ${SOURCE_URL_MAX} characters.` })
    .refine(isWebAddress, { error: `${label} must be a web address starting with http:// or https://.` });

/** One source: a title (may be empty) and its web address. */
export const postSource = z
  .object({
    title: z
      .string({ error: 'Source title must be text.' })
      .refine((title) => textLength(title) <= SOURCE_TITLE_MAX, {
        error: `Source title must be at most ${SOURCE_TITLE_MAX} characters.`,
      })
      .default(''),
    url: webAddress('Source URL'),
  })
  .strict();

/** The sources of a post. */
export const postSources = z
  .array(postSource, { error: 'Sources must be a list of { title, url }.' })
  .max(SOURCES_MAX, { error: `A post can list at most ${SOURCES_MAX} sources.` });
