import { z } from 'zod';
import { isLanguage, LANGUAGE_RULE } from './index.ts';

/** A language field of a request (a project's, an entry's, a post's): an ISO 639-1 code, optionally with a region. */
export const languageField = z
  .string({ error: LANGUAGE_RULE })
  .trim()
  .max(20, { error: LANGUAGE_RULE })
  .refine(isLanguage, { error: LANGUAGE_RULE });
