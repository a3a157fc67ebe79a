// Readability per language (issue 27): each formula against a reference value, with the sentences, words and
// syllables (or letters) counted by hand, and each language's syllable counter on words whose syllables are known.
import { describe, expect, it } from 'vitest';
import { FORMULAS, formulaFor, readingEase } from '../../src/lib/seo/checklist/readability.ts';
import {
  dutchSyllables,
  englishSyllables,
  frenchSyllables,
  germanSyllables,
  italianSyllables,
  portugueseSyllables,
  spanishSyllables,
} from '../../src/lib/seo/checklist/syllables.ts';

const ease = (text: string, lang: string) => {
  const formula = formulaFor(lang);
  if (!formula) throw new Error(`no formula for ${lang}`);
  return readingEase([text], formula);
};

describe('readability formulas with reference values', () => {
  it('English, Flesch reading ease: the reference sentences of the formula’s literature', () => {
    // 13 words, 26 syllables, 1 sentence: 206.835 − 1.015 × 13 − 84.6 × 2 = 24.44 (the usual worked example, 24.4).
    const platypus = ease('The Australian platypus is seemingly a hybrid of a mammal and reptilian creature.', 'en');
    // 6 words, 6 syllables: 206.835 − 1.015 × 6 − 84.6 = 116.15 (the other classic example, 116).
    const cat = ease('The cat sat on the mat.', 'en');

    expect(platypus?.counts).toEqual({ sentences: 1, words: 13, syllables: 26, letters: 68 });
    expect(platypus?.score).toBeCloseTo(24.44, 2);
    expect(cat?.score).toBeCloseTo(116.145, 3);
  });

  it('Spanish, Fernández-Huerta: 206.84 − 60 × syllables/word − 1.02 × words/sentence', () => {
    // el 1, pe-rro 2, co-me 2, car-ne 2 / la 1, ca-sa 2, es 1, gran-de 2: 13 syllables, 8 words, 2 sentences.
    const measured = ease('El perro come carne. La casa es grande.', 'es');

    expect(measured?.counts).toMatchObject({ sentences: 2, words: 8, syllables: 13 });
    expect(measured?.score).toBeCloseTo(206.84 - 60 * (13 / 8) - 1.02 * 4, 6); // 105.26
    expect(measured?.score).toBeCloseTo(105.26, 2);
  });

  it('French, Kandel & Moles: 207 − 1.015 × words/sentence − 73.6 × syllables/word', () => {
    // la 1, voi-ture 2, rouge 1, est 1, ga-rée 2, de-vant 2, la 1, mai-son 2: 12 syllables (mute final e), 8 words.
    const measured = ease('La voiture rouge est garée devant la maison.', 'fr');

    expect(measured?.counts).toMatchObject({ sentences: 1, words: 8, syllables: 12 });
    expect(measured?.score).toBeCloseTo(88.48, 2);
  });

  it('German, Amstad: 180 − words/sentence − 58.5 × syllables/word', () => {
    // der 1, Hund 1, schläft 1, im 1, Gar-ten 2 / die 1, Son-ne 2, scheint 1: 10 syllables, 8 words, 2 sentences.
    const measured = ease('Der Hund schläft im Garten. Die Sonne scheint.', 'de');

    expect(measured?.counts).toMatchObject({ sentences: 2, words: 8, syllables: 10 });
    expect(measured?.score).toBeCloseTo(102.875, 3);
  });

  it('Italian, Gulpease: 89 + (300 × sentences − 10 × letters) / words', () => {
    // il 2, gatto 5, dorme 5, sul 3, divano 6 / oggi 4, piove 5: 30 letters, 7 words, 2 sentences.
    const measured = ease('Il gatto dorme sul divano. Oggi piove.', 'it');

    expect(measured?.counts).toMatchObject({ sentences: 2, words: 7, letters: 30 });
    expect(measured?.score).toBeCloseTo(89 + 300 / 7, 6); // 131.86
  });

  it('Dutch, Flesch-Douma: 206.835 − 0.93 × words/sentence − 77 × syllables/word', () => {
    // de 1, fiets 1, staat 1, voor 1, het 1, huis 1 / wij 1, gaan 1, mor-gen 2, fiet-sen 2: 12 syllables, 10 words.
    const measured = ease('De fiets staat voor het huis. Wij gaan morgen fietsen.', 'nl');

    expect(measured?.counts).toMatchObject({ sentences: 2, words: 10, syllables: 12 });
    expect(measured?.score).toBeCloseTo(109.785, 3);
  });

  it('Portuguese, Flesch adapted (Martins et al.): 248.835 − 1.015 × words/sentence − 84.6 × syllables/word', () => {
    // o 1, ga-to 2, dor-me 2, no 1, so-fá 2 / a 1, ca-sa 2, é 1, gran-de 2: 14 syllables, 9 words, 2 sentences.
    const measured = ease('O gato dorme no sofá. A casa é grande.', 'pt');

    expect(measured?.counts).toMatchObject({ sentences: 2, words: 9, syllables: 14 });
    expect(measured?.score).toBeCloseTo(248.835 - 1.015 * 4.5 - 84.6 * (14 / 9), 6); // 112.67
  });

  it('has a formula for exactly the languages that have a published one, by their base code', () => {
    expect(Object.keys(FORMULAS).sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl', 'pt']);
    expect(formulaFor('pt-BR')?.name).toBe('Flesch (Portuguese)');
    expect(formulaFor('en_GB')?.name).toBe('Flesch reading ease');
    expect(formulaFor('ja')).toBeUndefined();
  });

  it('counts a list item or table row as a sentence of its own, and numbers as one syllable', () => {
    const formula = FORMULAS.en!;

    expect(readingEase(['Fresh bread', 'Warm rolls'], formula)?.counts.sentences).toBe(2);
    expect(readingEase(['We bake 120 loaves.'], formula)?.counts).toMatchObject({ words: 4, syllables: 4 });
  });
});

describe('syllables per language', () => {
  const cases: [string, (word: string) => number, Record<string, number>][] = [
    [
      'English',
      englishSyllables,
      {
        the: 1,
        australian: 4,
        reptilian: 4,
        creature: 2,
        seemingly: 3,
        create: 2,
        boxes: 2,
        places: 2,
        makes: 1,
        wanted: 2,
        social: 2,
        radio: 3,
        biology: 4,
        nation: 2,
        table: 2,
        yellow: 2,
      },
    ],
    ['Spanish', spanishSyllables, { ciudad: 2, poeta: 3, país: 2, guerra: 2, queso: 2, muy: 1, reír: 2, caigo: 2 }],
    ['Italian', italianSyllables, { paese: 3, fiore: 2, piede: 2, quando: 2, gatto: 2, città: 2 }],
    ['Portuguese', portugueseSyllables, { coração: 3, pães: 1, cidade: 3, você: 2, mãe: 1 }],
    ['German', germanSyllables, { Kaffee: 2, schreiben: 2, Bäckerei: 3, heute: 2, Theater: 3, Quelle: 2 }],
    ['Dutch', dutchSyllables, { fiets: 1, huis: 1, vrijdag: 2, boeien: 2, kinderen: 3, leeuw: 1 }],
    [
      'French',
      frenchSyllables,
      { maison: 2, beaucoup: 2, voiture: 2, tables: 1, année: 2, naïf: 2, créer: 2, chapeau: 2 },
    ],
  ];

  for (const [language, counter, words] of cases)
    it(`${language}: ${Object.keys(words).join(', ')}`, () => {
      expect(Object.fromEntries(Object.keys(words).map((word) => [word, counter(word)]))).toEqual(words);
    });
});
