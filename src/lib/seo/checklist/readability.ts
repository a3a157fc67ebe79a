// Readability per language where a published formula exists (issue 27): each reads sentences, words and syllables (or
// letters) and gives an ease score on a 0–100 scale, higher meaning easier.
import {
  dutchSyllables,
  englishSyllables,
  frenchSyllables,
  germanSyllables,
  italianSyllables,
  portugueseSyllables,
  type SyllableCounter,
  spanishSyllables,
} from './syllables.ts';
import { rawWords } from './text.ts';

/** What a formula reads of a text. */
export interface TextCounts {
  sentences: number;
  words: number;
  syllables: number;
  letters: number;
}

export interface Formula {
  name: string;
  syllables: SyllableCounter;
  score: (counts: TextCounts) => number;
  /** Scores from `easy` up read easily for most adults; from `fair` up they are fairly hard; below, hard. */
  easy: number;
  fair: number;
}

const asl = (c: TextCounts) => c.words / c.sentences;
const asw = (c: TextCounts) => c.syllables / c.words;

/** The formula of each language (ISO 639-1) that has one. */
export const FORMULAS: Record<string, Formula> = {
  // Flesch (1948).
  en: {
    name: 'Flesch reading ease',
    syllables: englishSyllables,
    score: (c) => 206.835 - 1.015 * asl(c) - 84.6 * asw(c),
    easy: 60,
    fair: 40,
  },
  // Fernández Huerta (1959), in its corrected form (syllables and words per sentence as averages).
  es: {
    name: 'Fernández-Huerta',
    syllables: spanishSyllables,
    score: (c) => 206.84 - 60 * asw(c) - 1.02 * asl(c),
    easy: 60,
    fair: 40,
  },
  // Kandel & Moles (1958).
  fr: {
    name: 'Kandel & Moles',
    syllables: frenchSyllables,
    score: (c) => 207 - 1.015 * asl(c) - 73.6 * asw(c),
    easy: 60,
    fair: 40,
  },
  // Amstad (1978).
  de: {
    name: 'Amstad',
    syllables: germanSyllables,
    score: (c) => 180 - asl(c) - 58.5 * asw(c),
    easy: 60,
    fair: 40,
  },
  // Gulpease (Lucisano & Piemontese, 1988): letters instead of syllables.
  it: {
    name: 'Gulpease',
    syllables: italianSyllables,
    score: (c) => 89 + (300 * c.sentences - 10 * c.letters) / c.words,
    easy: 60,
    fair: 40,
  },
  // Flesch-Douma (1960).
  nl: {
    name: 'Flesch-Douma',
    syllables: dutchSyllables,
    score: (c) => 206.835 - 0.93 * asl(c) - 77 * asw(c),
    easy: 60,
    fair: 40,
  },
  // Flesch adapted to Portuguese (Martins et al., 1996): its bands are 75–100 very easy, 50–75 easy, 25–50 hard.
  pt: {
    name: 'Flesch (Portuguese)',
    syllables: portugueseSyllables,
    score: (c) => 248.835 - 1.015 * asl(c) - 84.6 * asw(c),
    easy: 50,
    fair: 25,
  },
};

/** The formula for a post's language ('pt-BR' → Portuguese), or undefined when none exists. */
export function formulaFor(lang: string): Formula | undefined {
  return FORMULAS[lang.toLowerCase().split(/[-_]/)[0] ?? ''];
}

const SENTENCE_END = /[.!?…]+(?=[\s"'”’)\]]|$)/;

// Syllables per word, remembered per counter: a post repeats its words, and the editor counts on every keystroke.
const remembered = new WeakMap<SyllableCounter, Map<string, number>>();
const MEMO_MAX = 50_000;

function memo(syllables: SyllableCounter): SyllableCounter {
  let known = remembered.get(syllables);
  if (!known) {
    known = new Map();
    remembered.set(syllables, known);
  }
  const cache = known;
  return (word) => {
    let count = cache.get(word);
    if (count === undefined) {
      count = /^\d/.test(word) ? 1 : syllables(word);
      if (cache.size >= MEMO_MAX) cache.clear();
      cache.set(word, count);
    }
    return count;
  };
}

/** Sentences, words, syllables and letters of text blocks; each block ends a sentence (a list item, a table row). */
export function countText(blocks: string[], syllables: SyllableCounter): TextCounts {
  const counts: TextCounts = { sentences: 0, words: 0, syllables: 0, letters: 0 };
  const count = memo(syllables);
  for (const block of blocks) {
    for (const sentence of block.split(SENTENCE_END)) {
      const list = rawWords(sentence);
      if (list.length === 0) continue;
      counts.sentences++;
      for (const word of list) {
        counts.words++;
        counts.syllables += count(word);
        counts.letters += /['’-]/.test(word) ? word.replace(/['’-]/g, '').length : word.length;
      }
    }
  }
  return counts;
}

/** The ease score of text blocks under a formula; undefined for text without words. */
export function readingEase(blocks: string[], formula: Formula): { score: number; counts: TextCounts } | undefined {
  const counts = countText(blocks, formula.syllables);
  if (counts.words === 0) return undefined;
  return { score: formula.score(counts), counts };
}
