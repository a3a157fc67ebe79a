// Every ISO 639-1 language (the two-letter codes, 184 with the retained `bh`): the languages a project, a calendar
// entry or a post can be written in. Their names come from Intl.DisplayNames (src/lib/languages/index.ts), so the
// list holds codes only and costs the workspace bundle a few hundred bytes.

export const LANGUAGE_CODES = (
  'aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el ' +
  'en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ' +
  'ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na ' +
  'nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so ' +
  'sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu'
).split(' ');

/**
 * Written right to left: the languages whose usual script is Arabic, Hebrew or Thaana (and Avestan), as ICU's text
 * info says (tests/unit/languages.test.ts checks the set against it). Kurdish (`ku`) is mostly written in Latin.
 */
export const RTL_CODES: ReadonlySet<string> = new Set([
  'ae',
  'ar',
  'dv',
  'fa',
  'he',
  'ks',
  'ps',
  'sd',
  'ug',
  'ur',
  'yi',
]);

/**
 * Open Graph locales that differ from "language_likely-region": Facebook's own forms (`ar_AR`, `eo_EO`), and the
 * European default of languages whose likeliest region elsewhere would be wrong for an unmarked code (`pt` is
 * Portugal's Portuguese; `pt-BR` says Brazil).
 */
export const OG_LOCALE_OVERRIDES: Readonly<Record<string, string>> = {
  ar: 'ar_AR',
  eo: 'eo_EO',
  ia: 'ia_IA',
  io: 'io_IO',
  vo: 'vo_VO',
  pt: 'pt_PT',
  en: 'en_US',
};
