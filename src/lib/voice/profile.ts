// Measures a voice: sentence length, person, formality, vocabulary, recurring phrases and structure, from one or
// more documents. Pure and linear in the text, so the editor measures a post on every change.
import { guessLanguage, type Lexicon, lexiconOf, primaryLanguage } from './lexicons.ts';
import type { LanguageMeasure, VoiceProfile } from './schema.ts';
import { isLexical, lettersOf, sentencesOf, type VoiceBlock, type VoiceDocument, wordsOf } from './text.ts';

const VARIETY_WINDOW = 50;
const FAVOURITES = 8;
const PHRASES = 6;
// Words that cannot start or end a phrase: a phrase ending in "the" or starting with "of" is half a phrase.
const EDGE = new Set(
  'a an the of to in on at for from by with and or but as that than into onto de la le les el los las o os do da des du der die das und y e et'.split(
    ' ',
  ),
);

/** One document taken apart once: its sentences (with the kind of block each came from) and words. */
interface Parsed {
  blocks: VoiceBlock[];
  sentences: { text: string; words: string[]; kind: VoiceBlock['kind'] }[];
  words: string[];
}

function parse(document: VoiceDocument): Parsed {
  const sentences = document.blocks.flatMap((block) =>
    block.kind === 'heading'
      ? []
      : sentencesOf(block.text).map((text) => ({ text, words: wordsOf(text), kind: block.kind })),
  );
  const words = document.blocks.flatMap((block) => wordsOf(block.text));
  return { blocks: document.blocks, sentences: sentences.filter((s) => s.words.length > 0), words };
}

const round = (value: number, digits = 1) => {
  const factor = 10 ** digits;
  return Math.round((Number.isFinite(value) ? value : 0) * factor) / factor;
};
const per1000 = (count: number, words: number) => (words ? (1000 * count) / words : 0);
const per100 = (count: number, total: number) => (total ? (100 * count) / total : 0);
const mean = (values: number[]) => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0);

function spreadOf(values: number[]): number {
  const average = mean(values);
  return Math.sqrt(mean(values.map((value) => (value - average) ** 2)));
}

/** Whether a word is in a person list, French elisions included ("j'ai" counts as "j'"). */
function inList(list: ReadonlySet<string>, word: string): boolean {
  if (list.has(word)) return true;
  const apostrophe = word.indexOf("'");
  return apostrophe > 0 && list.has(word.slice(0, apostrophe + 1));
}

/**
 * The voice of the documents taken together. `language` is what the pages or the post say they are written in;
 * when it is missing the function words decide, and measures whose word lists the language lacks are null and
 * listed in `not_measured`. `phrases: false` skips the recurring phrases (the costliest measure), which a post
 * compared with examples does not need: the examples' phrases are looked for in its text instead.
 */
export function measureVoice(
  documents: VoiceDocument[],
  language?: string | null,
  options: { phrases?: boolean } = {},
): VoiceProfile {
  const parsed = documents.map(parse);
  const words = parsed.flatMap((doc) => doc.words);
  const stated = primaryLanguage(language);
  const lang = stated === 'und' ? guessLanguage(words) : stated;
  const lexicon = lexiconOf(lang);
  const sentences = parsed.flatMap((doc) => doc.sentences);
  // Sentence length is read from running text; list items are often fragments, used only when nothing else exists.
  const running = sentences.filter((sentence) => sentence.kind !== 'item');
  const lengths = (running.length ? running : sentences).map((sentence) => sentence.words.length);
  const lexical = words.filter(isLexical);
  const notMeasured: LanguageMeasure[] = [];
  if (!lexicon?.person) notMeasured.push('person');
  if (!lexicon?.formality) notMeasured.push('formality');
  if (!lexicon) notMeasured.push('favourite_words');
  const wordLength = mean(lexical.map(lettersOf));
  const structure = structureOf(parsed, words.length, sentences);

  return {
    language: lang,
    documents: documents.length,
    words: words.length,
    sentences: sentences.length,
    sentence_length: { mean: round(mean(lengths)), spread: round(spreadOf(lengths)) },
    person: lexicon?.person ? personOf(lexicon.person, words) : null,
    formality: lexicon?.formality ? formalityOf(lexicon.formality, words, wordLength, structure.exclamations) : null,
    vocabulary: {
      variety: round(varietyOf(lexical), 2),
      word_length: round(wordLength),
      favourite_words: lexicon ? favouritesOf(parsed, lexicon) : [],
    },
    phrases: lexicon && options.phrases !== false ? phrasesOf(parsed, lexicon) : [],
    structure,
    not_measured: notMeasured,
  };
}

function personOf(lists: NonNullable<Lexicon['person']>, words: string[]): VoiceProfile['person'] {
  const count = (list: ReadonlySet<string>) => words.filter((word) => inList(list, word)).length;
  return {
    i: round(per1000(count(lists.i), words.length)),
    we: round(per1000(count(lists.we), words.length)),
    you: round(per1000(count(lists.you), words.length)),
  };
}

/**
 * Formality on 0 (casual) to 100 (formal), 50 for plain neutral prose: formal words and long words raise it,
 * contractions and exclamations lower it. The weights put a chatty blog near 20 and a formal report near 80.
 */
function formalityOf(
  lists: NonNullable<Lexicon['formality']>,
  words: string[],
  wordLength: number,
  exclamations: number,
): VoiceProfile['formality'] {
  const contractions = per1000(words.filter(lists.isContraction).length, words.length);
  const hedges = per1000(words.filter((word) => lists.hedges.has(word)).length, words.length);
  const formal = per1000(words.filter((word) => lists.formal.has(word)).length, words.length);
  const raw = 50 + 4 * formal - contractions - 0.5 * exclamations + 10 * (wordLength - 4.6);
  return {
    score: Math.round(Math.max(0, Math.min(100, raw))),
    contractions: round(contractions),
    hedges: round(hedges),
    formal_words: round(formal),
  };
}

/** Moving-average type-token ratio over windows of 50 words (the plain ratio for shorter texts): length-independent. */
function varietyOf(words: string[]): number {
  if (words.length === 0) return 0;
  if (words.length <= VARIETY_WINDOW) return new Set(words).size / words.length;
  const counts = new Map<string, number>();
  let distinct = 0;
  let total = 0;
  words.forEach((word, index) => {
    const seen = counts.get(word) ?? 0;
    counts.set(word, seen + 1);
    if (seen === 0) distinct += 1;
    if (index >= VARIETY_WINDOW) {
      const leaving = words[index - VARIETY_WINDOW] as string;
      const left = (counts.get(leaving) ?? 1) - 1;
      counts.set(leaving, left);
      if (left === 0) distinct -= 1;
    }
    if (index >= VARIETY_WINDOW - 1) total += distinct / VARIETY_WINDOW;
  });
  return total / (words.length - VARIETY_WINDOW + 1);
}

const contentWord = (word: string, lexicon: Lexicon) =>
  isLexical(word) && lettersOf(word) >= 3 && !lexicon.stop.has(word) && !word.includes("'");

/** The content words used most, counting only words found in most of the documents (all of them up to two). */
function favouritesOf(parsed: Parsed[], lexicon: Lexicon): string[] {
  const total = new Map<string, number>();
  const documents = new Map<string, number>();
  for (const doc of parsed) {
    const seen = new Set<string>();
    for (const raw of doc.words) {
      const word = raw.replace(/'s$/, '');
      if (!contentWord(word, lexicon)) continue;
      total.set(word, (total.get(word) ?? 0) + 1);
      if (!seen.has(word)) documents.set(word, (documents.get(word) ?? 0) + 1);
      seen.add(word);
    }
  }
  const needed = Math.min(2, parsed.length);
  return [...total]
    .filter(([word, count]) => count >= 2 && (documents.get(word) ?? 0) >= needed)
    .sort((a, b) => b[1] - a[1] || (documents.get(b[0]) ?? 0) - (documents.get(a[0]) ?? 0) || a[0].localeCompare(b[0]))
    .slice(0, FAVOURITES)
    .map(([word]) => word);
}

/**
 * Phrases of 2 to 4 words that recur: used at least three times, in at least two documents when there are several.
 * A phrase neither starts nor ends with an article, preposition or conjunction, and has a content word or at least
 * three words; a phrase that contains, sits inside or runs into one already chosen ("go low and slow", "we go low"
 * beside "low and slow") is the same phrase again and is dropped.
 */
function phrasesOf(parsed: Parsed[], lexicon: Lexicon): string[] {
  const count = new Map<string, number>();
  const documents = new Map<string, number>();
  for (const doc of parsed) {
    const seen = new Set<string>();
    for (const sentence of doc.sentences) {
      const tokens = sentence.words;
      for (let size = 2; size <= 4; size += 1) {
        for (let at = 0; at + size <= tokens.length; at += 1) {
          const gram = tokens.slice(at, at + size);
          if (EDGE.has(gram[0] as string) || EDGE.has(gram[size - 1] as string)) continue;
          if (gram.some((word) => !isLexical(word))) continue;
          if (size < 3 && !gram.some((word) => contentWord(word, lexicon))) continue;
          const key = gram.join(' ');
          count.set(key, (count.get(key) ?? 0) + 1);
          if (!seen.has(key)) documents.set(key, (documents.get(key) ?? 0) + 1);
          seen.add(key);
        }
      }
    }
  }
  const recurring = [...count].filter(
    ([key, uses]) => uses >= 3 && (parsed.length === 1 || (documents.get(key) ?? 0) >= 2),
  );
  recurring.sort(
    (a, b) =>
      (documents.get(b[0]) ?? 0) - (documents.get(a[0]) ?? 0) ||
      b[0].split(' ').length - a[0].split(' ').length ||
      b[1] - a[1] ||
      a[0].localeCompare(b[0]),
  );
  const chosen: string[] = [];
  for (const [phrase] of recurring) {
    if (chosen.some((other) => overlaps(phrase, other))) continue;
    chosen.push(phrase);
    if (chosen.length === PHRASES) break;
  }
  return chosen;
}

function structureOf(parsed: Parsed[], words: number, sentences: Parsed['sentences']): VoiceProfile['structure'] {
  const blocks = parsed.flatMap((doc) => doc.blocks);
  const paragraphs = blocks.filter((block) => block.kind === 'paragraph');
  const headings = blocks.filter((block) => block.kind === 'heading').length;
  // A list is a run of items; documents are counted apart so two articles' lists never join.
  const lists = parsed
    .map((doc) => doc.blocks.filter((block, at) => block.kind === 'item' && doc.blocks[at - 1]?.kind !== 'item').length)
    .reduce((sum, value) => sum + value, 0);
  return {
    paragraph_length: round(mean(paragraphs.map((block) => wordsOf(block.text).length))),
    headings_per_1000: round(per1000(headings, words)),
    lists_per_1000: round(per1000(lists, words)),
    questions: round(per100(sentences.filter((s) => /[?？؟]["'”’)\]]*$/.test(s.text)).length, sentences.length)),
    exclamations: round(per100(sentences.filter((s) => /[!！]["'”’)\]]*$/.test(s.text)).length, sentences.length)),
  };
}

/** Whether two phrases share words at their edges or one holds the other. */
function overlaps(a: string, b: string): boolean {
  if (` ${a} `.includes(` ${b} `) || ` ${b} `.includes(` ${a} `)) return true;
  const x = a.split(' ');
  const y = b.split(' ');
  for (let size = 1; size < Math.min(x.length, y.length); size += 1) {
    const joins = (left: string[], right: string[]) => left.slice(-size).join(' ') === right.slice(0, size).join(' ');
    if (joins(x, y) || joins(y, x)) return true;
  }
  return false;
}
