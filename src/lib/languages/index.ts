// The one list of languages (issue 24), shared by the API (validation, prompts, the hosted blog) and the workspace
// (the language pickers, right-to-left fields). A language is named in the reader's own language with
// Intl.DisplayNames, beside its own name: "Portuguese — português".
import { LANGUAGE_CODES, OG_LOCALE_OVERRIDES, RTL_CODES } from './codes.ts';

export { LANGUAGE_CODES };

/** The language of a project nobody chose one for. */
export const DEFAULT_LANGUAGE = 'en';

/** A language tag as posts store it: an ISO 639-1 code, optionally with a region or script (`pt-BR`, `sr-Latn`). */
const TAG = /^([a-z]{2})(?:-([A-Za-z]{4}|[A-Za-z]{2}|\d{3}))?$/;
const KNOWN = new Set(LANGUAGE_CODES);

/** The language part of a tag (`pt-BR` → `pt`), lower case. */
export function baseLanguage(tag: string): string {
  return tag.split('-')[0]?.toLowerCase() ?? tag;
}

/** True for a tag of a language on the list (`pt`, `pt-BR`, `sr-Latn`); false for anything else. */
export function isLanguage(tag: string): boolean {
  const match = TAG.exec(tag);
  return Boolean(match?.[1] && KNOWN.has(match[1]));
}

/** The refusal every language field gives. */
export const LANGUAGE_RULE = 'Language must be one of the ISO 639-1 languages, as a code like pt or pt-BR.';

/** True when the language is written right to left (Arabic, Hebrew, Persian, Urdu…). */
export function isRtl(tag: string): boolean {
  return RTL_CODES.has(baseLanguage(tag));
}

/** The `dir` attribute of text in the language. */
export function directionOf(tag: string): 'rtl' | 'ltr' {
  return isRtl(tag) ? 'rtl' : 'ltr';
}

const names = new Map<string, Intl.DisplayNames | null>();

/** A cached Intl.DisplayNames for languages in `locale`, or null where the runtime has none for it. */
function displayNames(locale: string): Intl.DisplayNames | null {
  let found = names.get(locale);
  if (found === undefined) {
    try {
      found = new Intl.DisplayNames([locale, DEFAULT_LANGUAGE], { type: 'language', fallback: 'code' });
    } catch {
      found = null;
    }
    names.set(locale, found);
  }
  return found;
}

/** The language's name in `uiLocale` (the reader's language): `languageName('pt', 'en')` → "Portuguese". */
export function languageName(tag: string, uiLocale: string = DEFAULT_LANGUAGE): string {
  const name = displayNames(uiLocale)?.of(tag);
  return name && name !== tag ? name : (displayNames(DEFAULT_LANGUAGE)?.of(tag) ?? tag);
}

/** The language's own name (`pt` → "português"), or null when the runtime knows none different from its English one. */
export function ownName(tag: string): string | null {
  const own = displayNames(baseLanguage(tag))?.of(tag);
  if (!own || own === tag || own === languageName(tag, DEFAULT_LANGUAGE)) return null;
  return own;
}

/** "Portuguese — português" in an English interface; the reader's name alone when the language has no other. */
export function languageLabel(tag: string, uiLocale: string = DEFAULT_LANGUAGE): string {
  const name = languageName(tag, uiLocale);
  const own = ownName(tag);
  return own && own.toLocaleLowerCase(tag) !== name.toLocaleLowerCase(tag) ? `${name} — ${own}` : name;
}

/** Every language of the list with its label in `uiLocale`, sorted by that label as readers of `uiLocale` sort. */
export function languageOptions(uiLocale: string = DEFAULT_LANGUAGE): { code: string; label: string }[] {
  const collator = new Intl.Collator(uiLocale);
  return LANGUAGE_CODES.map((code) => ({ code, label: languageLabel(code, uiLocale) })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
}

/**
 * The Open Graph locale of a language (`language_TERRITORY`): the tag's own region when it has one (`pt-BR` → pt_BR),
 * Facebook's form where it has its own (`ar` → ar_AR), else the region where the language is likeliest (`de` → de_DE).
 */
export function ogLocale(tag: string): string {
  const base = baseLanguage(tag);
  const region = /-([A-Za-z]{2})$/.exec(tag)?.[1];
  if (region) return `${base}_${region.toUpperCase()}`;
  const override = OG_LOCALE_OVERRIDES[base];
  if (override) return override;
  let likely: string | undefined;
  try {
    likely = new Intl.Locale(base).maximize().region;
  } catch {
    likely = undefined;
  }
  return likely && /^[A-Z]{2}$/.test(likely) ? `${base}_${likely}` : `${base}_${base.toUpperCase()}`;
}

/**
 * The language of the list a browser or a website's `<html lang>` asks for (`pt-BR` → `pt`, `iw` → `he`), or null when
 * none of it is on the list. Regions are dropped: a project's language is a language, its posts may add a region.
 */
export function listedLanguage(tag: string | null | undefined): string | null {
  if (!tag) return null;
  const base = baseLanguage(tag.trim().replace(/_/g, '-'));
  const current = ({ iw: 'he', in: 'id', ji: 'yi', jw: 'jv', mo: 'ro' } as Record<string, string>)[base] ?? base;
  return KNOWN.has(current) ? current : null;
}
