// Small, clear text processing for the offline composer: sentences, words and English stop words.

/** Common English function words; they never make a keyword and split RAKE phrases. */
export const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by
  can could did do does doing down during each few for from further get got had has have having he her here hers herself him
  himself his how i if in into is it its itself just let me more most my myself no nor not now of off on once only or other
  our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these
  they this those through to too under until up us very was we were what when where which while who whom why will with
  would you your yours yourself yourselves one two new get make made many much every via per may might must shall us etc
  here's it's we're you're they're don't can't won't isn't aren't let's read more learn click home page contact menu
  skip content cookie cookies privacy policy terms copyright rights reserved`
    .split(/\s+/)
    .filter(Boolean),
);

/** Sentences of running text, whitespace normalised; very short fragments (menus, buttons) are dropped. */
export function sentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.replace(/\s+/g, ' ').split(/(?<=[.!?])\s+(?=[A-Z0-9"“'‘(])/u))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.split(' ').length >= 5 && /[.!?]$/.test(sentence));
}

/** Lower-case word tokens (letters, digits, inner apostrophes and hyphens). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
}

/** A word that can carry meaning: not an English stop word, not a bare number, at least 3 characters. */
export function isContentWord(word: string): boolean {
  return isContentWordOf(word, STOP_WORDS);
}

/** A word that can carry meaning in a language with these stop words (none: only numbers and short words are out). */
export function isContentWordOf(word: string, stopWords: Set<string>): boolean {
  return word.length >= 3 && !stopWords.has(word) && !/^\d+$/.test(word);
}
