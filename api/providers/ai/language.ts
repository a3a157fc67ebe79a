import { DRAFT_LABEL } from '../../../src/lib/prompts/types.ts';
import { baseLanguage, DEFAULT_LANGUAGE, languageName, ownName } from '../../../src/lib/languages/index.ts';

/**
 * The one sentence every prompt ends its system message with (issue 24): everything the model writes is in the
 * project's (entry's, post's) language, whatever language the material it was given is in. The code is named in a
 * fixed form (`language code "pt"`), which the fake AI of the tests reads to answer in that language.
 */
export function languageInstruction(code: string | null | undefined): string {
  const tag = code || DEFAULT_LANGUAGE;
  const own = ownName(tag);
  const name = `${languageName(tag)}${own ? ` (${own})` : ''}`;
  return (
    `Write everything in ${name}, language code "${tag}": every title, heading, sentence, keyword, meta text and ` +
    'image description, even when the material you are given is in another language. Keep JSON keys, markdown ' +
    'syntax, URLs and code exactly as they are.'
  );
}

/**
 * What a deterministic draft carries when the offline composer wrote it for a project in `code`: its template text is
 * English, so a project in another language is told so instead of being shown English as if it were its language.
 */
export function offlineLabel(code: string | null | undefined, label: string = DRAFT_LABEL): string {
  if (!code || baseLanguage(code) === DEFAULT_LANGUAGE) return label;
  return `${label}; its template text is in English, not ${languageName(code)}`;
}
