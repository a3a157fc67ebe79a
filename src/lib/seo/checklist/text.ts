// Words and keyword matching for the checklist: plain string work, no dependencies, the same in browser and server.

const MARKS = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const ASCII = /^[\x00-\x7f]*$/;

/** Lower case without accents: "Café" and "cafe" are one word to a search engine. */
export function fold(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase(); // nothing to decompose: most English text, on every keystroke
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase();
}

/** The words of a text as written (letters and digits, inner apostrophes and hyphens kept). */
export function rawWords(text: string): string[] {
  return text.match(WORD) ?? [];
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

/** 'phrase' when the keyword is there as a phrase, 'words' when all its words are there apart, else 'none'. */
export function keywordPresence(text: string, phrase: string[]): 'phrase' | 'words' | 'none' {
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
