import { lemmaKey, nounPhrases } from './noun-phrases.ts';
import { STOP_WORDS_BY_LANGUAGE } from './stop-words.ts';
import { isContentWordOf, words } from './text.ts';

/** What keyword extraction may be told: the pages' language (ISO 639-1, default 'en') and names to leave out. */
export interface KeywordOptions {
  language?: string | undefined;
  /** Names never to propose as a keyword (the brand's own name): a phrase made only of their words is dropped. */
  exclude?: string[] | undefined;
}

/** The base language of an ISO code ('pt-BR' → 'pt'), 'en' when none is given. */
export const baseLanguage = (language: string | undefined) => (language || 'en').toLowerCase().split(/[-_]/)[0] || 'en';

/** True for the languages keywords are found in by noun phrases (compromise reads English only). */
export const hasNounPhrases = (language: string | undefined) => baseLanguage(language) === 'en';

/** True for the languages the simple tokeniser has stop words of (es, fr, de, it, pt, nl). */
export const hasStopWords = (language: string | undefined) =>
  Object.hasOwn(STOP_WORDS_BY_LANGUAGE, baseLanguage(language));

// A language without a stop-word list is tokenised without one: English function words would split its phrases at
// words that only look English ("die", "also", "war" in German; "a", "no" in Spanish) and say nothing of its own.
const NO_STOP_WORDS = new Set<string>();

const stopWordsOf = (language: string | undefined) =>
  hasStopWords(language) ? (STOP_WORDS_BY_LANGUAGE[baseLanguage(language)] ?? NO_STOP_WORDS) : NO_STOP_WORDS;

/**
 * Keyphrases of a site, deterministic (ties break alphabetically), near-duplicates merged. English: noun phrases
 * (compromise) ranked by the TF-IDF of their lemmas, variants of one phrase (plural, gerund) counted as one. Other
 * languages: the simple tokeniser (RAKE candidates between the language's stop words, where it has a list).
 */
export function extractKeywords(pages: string[], limit = 10, options: KeywordOptions = {}): string[] {
  const excluded = new Set((options.exclude ?? []).flatMap((name) => words(name)));
  const mine = (phrase: string) =>
    phrase.split(' ').every((word) => excluded.has(word.replace(/-/g, '')) || excluded.has(word));
  const found = hasNounPhrases(options.language)
    ? nounPhraseKeywords(pages, limit * 3)
    : rakeKeywords(pages, limit * 3, stopWordsOf(options.language));
  return found.filter((phrase) => !mine(phrase)).slice(0, limit);
}

/** A phrase said this share of the times as part of a longer one is a fragment of it. */
const FRAGMENT_SHARE = 0.8;

/** TF-IDF weight of each word (lemma) across the pages: smoothed so a word on every page of a small site still counts. */
function weights(documents: string[][]): (word: string) => number {
  const total = documents.length || 1;
  const documentFrequency = new Map<string, number>();
  const termFrequency = new Map<string, number>();
  for (const document of documents) {
    for (const word of new Set(document)) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
    for (const word of document) termFrequency.set(word, (termFrequency.get(word) ?? 0) + 1);
  }
  return (word) =>
    (termFrequency.get(word) ?? 0) * (1 + Math.log((1 + total) / (1 + (documentFrequency.get(word) ?? 0))));
}

/**
 * English keywords: the pages' noun phrases grouped by lemma key (so "bike repair", "bike repairs" and "repairing
 * bikes" are one), each shown in its most frequent noun-phrase spelling, ranked like the RAKE phrases below.
 */
function nounPhraseKeywords(pages: string[], limit: number): string[] {
  const groups = new Map<string, { count: number; lemmas: string[]; spellings: Map<string, number> }>();
  const documents: string[][] = [];
  for (const page of pages) {
    const phrases = nounPhrases(page);
    documents.push(phrases.filter((phrase) => phrase.lemmas.length === 1).map((phrase) => phrase.key));
    for (const phrase of phrases) {
      let group = groups.get(phrase.key);
      if (!group) {
        group = { count: 0, lemmas: phrase.key.split(' '), spellings: new Map() };
        groups.set(phrase.key, group);
      }
      group.count++;
      // A gerund spelling ("repairing bikes") counts for the group but is shown only when it is the only one.
      const weight = phrase.verbal ? 0.001 : 1;
      group.spellings.set(phrase.text, (group.spellings.get(phrase.text) ?? 0) + weight);
    }
  }
  const weight = weights(documents);
  // A fragment of a longer phrase (nearly always said as part of it) is that phrase: "origin coffee" is only ever
  // "single origin coffee".
  const all = [...groups].map(([key, group]) => ({ key, group, lemmas: new Set(group.lemmas) }));
  const fragment = (item: (typeof all)[number]) =>
    all.some(
      (longer) =>
        longer.lemmas.size > item.lemmas.size &&
        longer.group.count >= FRAGMENT_SHARE * item.group.count &&
        [...item.lemmas].every((lemma) => longer.lemmas.has(lemma)),
    );
  const scored = all
    .filter((item) => !fragment(item))
    .map((item) => [item.key, item.group] as const)
    .map(([key, group]) => {
      const spelling = [...group.spellings].sort(
        (a, b) => b[1] - a[1] || a[0].split(' ').length - b[0].split(' ').length || a[0].localeCompare(b[0]),
      )[0]?.[0] as string;
      // A lone noun ranks at half its weight: "seeded rye" says more than "rye", and makes a title that reads.
      const score =
        group.lemmas.length > 1
          ? group.lemmas.reduce((sum, lemma) => sum + weight(lemma), 0) / Math.sqrt(group.lemmas.length) + group.count
          : weight(key) / 2;
      // Said once is said in passing (or mistagged once): such phrases only fill in after those named twice or more.
      return { key, spelling, score, strong: group.count >= 2 };
    })
    .sort((a, b) => Number(b.strong) - Number(a.strong) || b.score - a.score || a.spelling.localeCompare(b.spelling));
  const chosen: { key: string; spelling: string }[] = [];
  for (const candidate of scored) {
    if (chosen.length >= limit) break;
    // One inside the other (by lemmas, any order): ten keywords say ten things.
    const lemmas = new Set(candidate.key.split(' '));
    if (chosen.some((taken) => nested(lemmas, new Set(taken.key.split(' '))))) continue;
    chosen.push(candidate);
  }
  return chosen.map((candidate) => candidate.spelling);
}

/** True when one set of lemmas holds the other. */
function nested(a: Set<string>, b: Set<string>): boolean {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const item of small) if (!large.has(item)) return false;
  return true;
}

/** The key near-duplicate keywords share (lemmas in any order), for any language: English by noun phrase, else words. */
export function keywordGroupKey(keyword: string, language?: string): string {
  if (hasNounPhrases(language)) {
    const [phrase] = nounPhrases(keyword).sort((a, b) => b.lemmas.length - a.lemmas.length);
    if (phrase && phrase.lemmas.length === words(keyword).length) return phrase.key;
    const lemmas = words(keyword).map((word) => word.replace(/(?<=[^s])s$/, ''));
    return lemmaKey(lemmas);
  }
  return lemmaKey(words(keyword).map((word) => word.replace(/(?<=[^s])s$/, '')));
}

/** Keywords with near-duplicates merged (the first spelling of each kept), in their order. */
export function mergeNearDuplicates(keywords: string[], language?: string): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const keyword of keywords) {
    const key = keywordGroupKey(keyword, language);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    kept.push(keyword);
  }
  return kept;
}

/**
 * The simple tokeniser: RAKE candidates (runs of content words between stop words and punctuation, up to 3 words)
 * scored by the TF-IDF of their words across the site's pages, so terms the whole site keeps returning to rank above
 * words one page happens to repeat. Deterministic: ties break alphabetically.
 */
function rakeKeywords(pages: string[], limit: number, stopWords: Set<string>): string[] {
  const isKeywordWord = (word: string) => isContentWordOf(word, stopWords);
  const weight = weights(pages.map((page) => words(page)));

  const phraseCounts = new Map<string, number>();
  for (const page of pages) {
    for (const chunk of page.toLowerCase().split(/[.,;:!?()[\]{}"“”|•·\n\r\t/\\]+|\s[-–—]\s/u)) {
      let run: string[] = [];
      const flush = () => {
        // Every 1- to 3-word n-gram of the run of content words is a candidate.
        for (let start = 0; start < run.length; start++) {
          for (let size = 1; size <= 3 && start + size <= run.length; size++) {
            const phrase = run.slice(start, start + size).join(' ');
            phraseCounts.set(phrase, (phraseCounts.get(phrase) ?? 0) + 1);
          }
        }
        run = [];
      };
      for (const word of words(chunk)) {
        if (isKeywordWord(word)) run.push(word);
        else flush();
      }
      flush();
    }
  }

  const scored = [...phraseCounts]
    .filter(([phrase, count]) => (phrase.includes(' ') ? count >= 2 : true) && !stopWords.has(phrase))
    .map(([phrase, count]) => {
      const parts = phrase.split(' ');
      const score =
        parts.reduce((sum, word) => sum + weight(word), 0) / Math.sqrt(parts.length) + (parts.length > 1 ? count : 0);
      return { phrase, score };
    })
    .sort((a, b) => b.score - a.score || a.phrase.localeCompare(b.phrase));

  const chosen: string[] = [];
  for (const { phrase } of scored) {
    if (chosen.length >= limit) break;
    // Skip a phrase already covered by a better one (one inside the other), so ten keywords say ten things.
    if (chosen.some((taken) => contains(taken, phrase) || contains(phrase, taken))) continue;
    chosen.push(phrase);
  }
  return chosen;
}

/** True when the words of `inner` appear together inside `outer`. */
function contains(outer: string, inner: string): boolean {
  return ` ${outer} `.includes(` ${inner} `);
}
