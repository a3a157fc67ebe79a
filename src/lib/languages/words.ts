// Words in scripts written without spaces (issue 24): Chinese, Japanese, Thai, Lao, Khmer and Burmese run their words
// together, so a letters-and-digits pattern reads a whole sentence as one word. Text in those scripts is split by the
// platform's word segmenter (ICU's dictionaries, `Intl.Segmenter`); every other text keeps the cheap pattern, since
// the checklist reads the whole post on each keystroke. Shared by the checklist, the voice measures and the server.

/** A character of a script written without spaces between words. */
export const UNSPACED = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u;

/** True when a text has characters of a script written without spaces (it needs the segmenter). */
export const isUnspaced = (text: string) => UNSPACED.test(text);

/** The languages whose own texts are measured in characters rather than words (Chinese and Japanese count 字/文字). */
const COUNTED_IN_CHARACTERS = new Set(['ja', 'zh']);

const base = (lang: string | undefined) => (lang || 'en').toLowerCase().split(/[-_]/)[0] ?? 'en';

/** True when a language's texts are counted in characters ('ja', 'zh-TW'); every other language counts words. */
export const countsCharacters = (lang: string | undefined) => COUNTED_IN_CHARACTERS.has(base(lang));

/** The characters of a text as a length: everything but whitespace, as a word processor counts 文字数. */
export function characterCount(text: string): number {
  let count = 0;
  for (const char of text) if (char.trim()) count++;
  return count;
}

const WORD_LIKE = /[\p{L}\p{N}]/u;
const UNSPACED_RUN =
  /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}\p{M}]|[\p{L}\p{N}]+/gu;

let segmenter: Intl.Segmenter | null | undefined;

function wordSegmenter(): Intl.Segmenter | null {
  if (segmenter === undefined) {
    try {
      // One segmenter for every language: ICU's word dictionaries (Chinese and Japanese share one) do not depend on
      // the locale it is made for.
      segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
    } catch {
      segmenter = null;
    }
  }
  return segmenter;
}

// Segmented texts remembered (a keystroke changes one block; the others are read again unchanged), a bounded number.
const SEGMENTED_KEPT = 2_000;
const SEGMENTED_MAX_CHARS = 50_000;
const segmented = new Map<string, string[]>();

/** The words of a text in any script, as written: the segmenter's word-like segments where the script needs it. */
export function segmentWords(text: string): string[] {
  let known = segmented.get(text);
  if (known === undefined) {
    const words = wordSegmenter();
    if (words) {
      known = [];
      for (const part of words.segment(text))
        if (part.isWordLike && WORD_LIKE.test(part.segment)) known.push(part.segment);
    } else {
      // No segmenter (an old browser): each character of those scripts is a word, the rest as the pattern reads it.
      known = text.match(UNSPACED_RUN)?.filter((part) => WORD_LIKE.test(part)) ?? [];
    }
    if (text.length <= SEGMENTED_MAX_CHARS) {
      if (segmented.size >= SEGMENTED_KEPT) segmented.clear();
      segmented.set(text, known);
    }
  }
  return known;
}

/** A text's length as the checklist counts it in `lang`: characters (Japanese, Chinese), else words. */
export function lengthIn(text: string, lang: string | undefined): number {
  if (countsCharacters(lang)) return characterCount(text);
  if (isUnspaced(text)) return segmentWords(text).length;
  return text.split(/\s+/).filter((word) => WORD_LIKE.test(word)).length;
}
