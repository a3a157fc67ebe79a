// Issue 24: the one list of languages (src/lib/languages), the AI's language instruction and the offline label.
import { describe, expect, it } from 'vitest';
import { languageInstruction, offlineLabel } from '../../api/providers/ai/language.ts';
import {
  directionOf,
  isLanguage,
  isRtl,
  LANGUAGE_CODES,
  languageLabel,
  languageName,
  languageOptions,
  listedLanguage,
  ogLocale,
} from '../../src/lib/languages/index.ts';

describe('the language list', () => {
  it('holds every ISO 639-1 language, once each, as two-letter codes', () => {
    expect(LANGUAGE_CODES.length).toBeGreaterThanOrEqual(184);
    expect(new Set(LANGUAGE_CODES).size).toBe(LANGUAGE_CODES.length);
    for (const code of LANGUAGE_CODES) expect(code).toMatch(/^[a-z]{2}$/);
    for (const code of ['en', 'pt', 'ar', 'he', 'fa', 'ur', 'zh', 'ja', 'hi', 'sw', 'yo', 'zu', 'eo', 'la'])
      expect(LANGUAGE_CODES).toContain(code);
  });

  it('names each language in the reader’s language with Intl.DisplayNames, beside its own name', () => {
    const english = new Intl.DisplayNames('en', { type: 'language' });
    for (const code of LANGUAGE_CODES) {
      expect(languageName(code), code).toBe(english.of(code));
      expect(languageName(code), code).not.toBe(code); // the runtime knows every one of them
    }
    expect(languageLabel('pt')).toBe('Portuguese — português');
    expect(languageLabel('ar')).toBe('Arabic — العربية');
    expect(languageLabel('en')).toBe('English');
    expect(languageLabel('pt', 'fr')).toBe('portugais — português');
    expect(languageLabel('de', 'de')).toBe('Deutsch');
  });

  it('offers all of them sorted as the reader sorts', () => {
    const options = languageOptions('en');
    expect(options).toHaveLength(LANGUAGE_CODES.length);
    const labels = options.map((option) => option.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('en').compare));
  });

  it('knows which are written right to left, as ICU does', () => {
    const rtl = LANGUAGE_CODES.filter(isRtl);
    expect(rtl.sort()).toEqual(['ae', 'ar', 'dv', 'fa', 'he', 'ks', 'ps', 'sd', 'ug', 'ur', 'yi']);
    const icu = LANGUAGE_CODES.filter((code) => {
      const locale = new Intl.Locale(code) as Intl.Locale & { getTextInfo?: () => { direction: string } };
      return locale.getTextInfo?.().direction === 'rtl';
    });
    expect(icu.sort()).toEqual(rtl);
    expect(isRtl('ar-EG')).toBe(true);
    expect(directionOf('he')).toBe('rtl');
    expect(directionOf('pt-BR')).toBe('ltr');
  });

  it('accepts listed codes with a region or script, and nothing else', () => {
    for (const tag of ['pt', 'pt-BR', 'sr-Latn', 'es-419', 'en']) expect(isLanguage(tag), tag).toBe(true);
    for (const tag of ['xx', 'Portuguese', 'PT', 'por', 'pt_BR', 'pt-', '', 'en-GB-oxendict'])
      expect(isLanguage(tag), tag).toBe(false);
    expect(listedLanguage('pt-BR')).toBe('pt');
    expect(listedLanguage('iw')).toBe('he');
    expect(listedLanguage('EN_us')).toBe('en');
    expect(listedLanguage('tlh')).toBeNull();
    expect(listedLanguage(null)).toBeNull();
  });
});

describe('og:locale', () => {
  it('is language_TERRITORY: the tag’s region, Facebook’s own forms, else where the language is likeliest', () => {
    expect(ogLocale('pt')).toBe('pt_PT');
    expect(ogLocale('pt-BR')).toBe('pt_BR');
    expect(ogLocale('ar')).toBe('ar_AR');
    expect(ogLocale('en')).toBe('en_US');
    expect(ogLocale('en-gb')).toBe('en_GB');
    expect(ogLocale('de')).toBe('de_DE');
    expect(ogLocale('ja')).toBe('ja_JP');
    expect(ogLocale('he')).toBe('he_IL');
    expect(ogLocale('fa')).toBe('fa_IR');
    expect(ogLocale('eo')).toBe('eo_EO');
    for (const code of LANGUAGE_CODES) expect(ogLocale(code), code).toMatch(/^[a-z]{2}_[A-Z]{2}$/);
  });
});

describe('what the AI is told', () => {
  it('names the language, its own name and its code in every prompt', () => {
    expect(languageInstruction('pt')).toMatch(/^Write everything in Portuguese \(português\), language code "pt":/);
    expect(languageInstruction('ar')).toContain('Arabic (العربية), language code "ar"');
    expect(languageInstruction(undefined)).toContain('English, language code "en"');
    expect(languageInstruction('pt')).toContain('even when the material you are given is in another language');
  });

  it('labels offline drafts of another language as English template text', () => {
    expect(offlineLabel('en')).toBe('draft — no AI configured');
    expect(offlineLabel('en-GB')).toBe('draft — no AI configured');
    expect(offlineLabel(undefined)).toBe('draft — no AI configured');
    expect(offlineLabel('pt')).toBe('draft — no AI configured; its template text is in English, not Portuguese');
    expect(offlineLabel('ar', 'draft — planned offline')).toBe(
      'draft — planned offline; its template text is in English, not Arabic',
    );
  });
});
