// Words and keyword matching for the checklist: plain string work, the same in browser and server. Scripts written
// without spaces (Chinese, Japanese, Thai…) are split into words by the platform's segmenter and their keywords are
// matched as text, not as runs of words (src/lib/languages/words.ts).
import { isUnspaced, segmentWords } from '../../languages/words.ts';

// Accents and other marks, except where a mark is part of the letter in a script written without spaces (a Thai vowel,
// the voicing mark of a kana: パ is not ハ), where dropping it would make another word.
const ACCENTS = /(?<![\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]\p{M}*)\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const ASCII = /^[\x00-\x7f]*$/;

/** Lower case without accents: "Café" and "cafe" are one word to a search engine. */
export function fold(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase(); // nothing to decompose: most English text, on every keystroke
  return text.normalize('NFKD').replace(ACCENTS, '').normalize('NFC').toLowerCase();
}

/** The words of a text as written (letters and digits, inner apostrophes and hyphens kept; segmented where needed). */
export function rawWords(text: string): string[] {
  return isUnspaced(text) ? segmentWords(text) : (text.match(WORD) ?? []);
}

/** The words of a text, folded. */
export function words(text: string): string[] {
  return rawWords(fold(text));
}

/** A word without a plural ending, so "repairs" finds "repair" (Latin-script languages mostly add -s or -es). */
export function stem(word: string): string {
  let known = stems.get(word);
  if (known === undefined) {
    if (stems.size >= STEMS_KEPT) stems.clear();
    known = stemOf(word);
    stems.set(word, known);
  }
  return known;
}

// Stems remembered per word (a post repeats its words; a keystroke re-reads all of them), a bounded number.
const STEMS_KEPT = 20_000;
const stems = new Map<string, string>();

function stemOf(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** A keyword as the checklist matches it: folded, stemmed words; hyphens and spaces alike ("e-bike" = "e bike"). */
export function keywordTerms(keyword: string): string[] {
  return words(keyword.replace(/-/g, ' ')).map(stem);
}

/** The folded, stemmed words of a text, hyphenated words split as keywords are. */
export function terms(text: string): string[] {
  return words(text.replace(/-/g, ' ')).map(stem);
}

/** How often `phrase` occurs as consecutive terms in `list`. */
export function countPhrase(list: string[], phrase: string[]): number {
  if (phrase.length === 0) return 0;
  let count = 0;
  for (let at = 0; at + phrase.length <= list.length; at++) {
    let match = true;
    for (let offset = 0; offset < phrase.length; offset++) {
      if (list[at + offset] !== phrase[offset]) {
        match = false;
        break;
      }
    }
    if (match) {
      count++;
      at += phrase.length - 1;
    }
  }
  return count;
}

/** A target keyword as the checklist matches it. */
export interface Keyword {
  /** Folded, stemmed words, matched as consecutive terms; empty when there is no keyword. */
  terms: string[];
  /**
   * For a keyword in a script written without spaces: its folded text without spaces and hyphens, matched inside the
   * text (where a word ends there is the segmenter's guess, and "パン" is a keyword in "パン屋"); '' otherwise.
   */
  joined: string;
  /** Those keywords' parts between spaces, for "its words apart". */
  parts: string[];
}

const SPACING = /[\s-]+/g;

/** The keyword as matched: by terms, or as text in scripts written without spaces. */
export function keywordOf(keyword: string): Keyword {
  const terms = keywordTerms(keyword);
  if (!isUnspaced(keyword)) return { terms, joined: '', parts: [] };
  const parts = fold(keyword).split(SPACING).filter(Boolean);
  return { terms, joined: parts.join(''), parts };
}

/** Folded text without spaces and hyphens, as a joined keyword is looked for in it. */
export const squeezed = (text: string) => fold(text).replace(SPACING, '');

/** How often `part` occurs in `text`, not overlapping. */
export function occurrences(text: string, part: string): number {
  if (!part) return 0;
  let count = 0;
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length)) count++;
  return count;
}

/** 'phrase' when the keyword is there as a phrase, 'words' when all its words are there apart, else 'none'. */
export function keywordPresence(text: string, keyword: Keyword): 'phrase' | 'words' | 'none' {
  if (keyword.joined) {
    const haystack = squeezed(text);
    if (haystack.includes(keyword.joined)) return 'phrase';
    return keyword.parts.length > 1 && keyword.parts.every((part) => haystack.includes(part)) ? 'words' : 'none';
  }
  const phrase = keyword.terms;
  if (phrase.length === 0) return 'none';
  const list = terms(text);
  if (countPhrase(list, phrase) > 0) return 'phrase';
  const present = new Set(list);
  return phrase.every((term) => present.has(term)) ? 'words' : 'none';
}

/** A number as people read it in English copy: 1,540. */
export function formatCount(value: number): string {
  return Math.round(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "1 word", "2 words". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
