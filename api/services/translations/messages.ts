import { languageName } from '../../../src/lib/languages/index.ts';

// What a translation task tells its user (the editor shows the message as the task moves).

export const translatingMessage = (language: string) => `Translating into ${languageName(language)}...`;
export const translatedMessage = (language: string) => `Translated into ${languageName(language)}.`;
export const translationFailed = (language: string, reason: string) =>
  `The translation into ${languageName(language)} failed: ${reason} Nothing was saved; please try again.`;

/** There is no offline translation: a clear refusal, never the source text passed off as one. */
export const NEEDS_MODEL =
  'Translating a post needs an AI model, and none is configured on this server (an administrator sets AI_BASE_URL and AI_MODEL). The offline composer does not translate, so nothing was translated.';

export const SOURCE_DELETED = 'the post was deleted before it was translated.';
