// Checking a claim against the text of the source it cites: the number, the quoted words or the name must appear in
// it, both sides normalised (case, accents, typographic quotes and dashes, "&"/"and", number forms).
import type { FoundClaim } from './extract.ts';
import { NUMBER, numbersIn, valueOf } from './numbers.ts';
import type { Claim } from './schema.ts';

/** A source as stored: its title and text, or why it could not be read. */
export interface SourceText {
  url: string;
  title: string;
  text: string;
  error?: string | null | undefined;
}

const PASSAGE_MAX = 400;

/** Lower case, no accents, straight quotes, words separated by single spaces, "&" read as "and". */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[‘’`´]/g, "'")
    .replace(/[“”„]/g, '"')
    .replace(/[‐-―−]/g, '-')
    .replace(/[^\p{L}\p{N}%$€£¥.,'-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a text (letters and digits only), for comparing word sequences. */
const wordsOf = (text: string) => normalise(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/** Whether `needle` occurs in `haystack` as a run of whole words. */
function hasWords(haystack: string[], needle: string[]): boolean {
  if (!needle.length) return false;
  const joined = ` ${haystack.join(' ')} `;
  return joined.includes(` ${needle.join(' ')} `);
}

/** The sentences of a source's text. */
function sentences(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

const clip = (text: string) => (text.length > PASSAGE_MAX ? `${text.slice(0, PASSAGE_MAX - 1).trimEnd()}…` : text);

/** The numbers a claim states (a ratio states two), each with whether it is a percentage. */
function claimNumbers(text: string): { value: string; percent: boolean }[] {
  return [...text.matchAll(NUMBER)].map((match) => ({
    value: valueOf(match[2] ?? '', match[3]),
    percent: Boolean(match[4]),
  }));
}

/** Whether a piece of source text contains the claim, by its kind. */
function contains(claim: Pick<FoundClaim, 'kind' | 'text'>, text: string): boolean {
  if (claim.kind === 'quote' || claim.kind === 'named') return hasWords(wordsOf(text), wordsOf(claim.text));
  const wanted = claimNumbers(claim.text);
  if (!wanted.length) return false;
  const present = numbersIn(text);
  return wanted.every((number) =>
    present.some((found) => found.value === number.value && (!number.percent || found.percent)),
  );
}

/** Words too common to tell sentences apart. */
const COMMON = new Set(
  'the and for are was were you your our with that this from have has not but all can its'.split(' '),
);

/** The sentence of the source that comes closest to the claim's sentence (most words in common). */
function closest(source: string, sentence: string): string | null {
  const mine = new Set(wordsOf(sentence).filter((word) => word.length > 2 && !COMMON.has(word)));
  let best: { score: number; text: string | null } = { score: 0, text: null };
  for (const candidate of sentences(source)) {
    const score = wordsOf(candidate).filter((word) => mine.has(word)).length;
    if (score > best.score) best = { score, text: candidate };
  }
  return best.text && clip(best.text);
}

const quoted = (text: string) => `“${text.replace(/\s+/g, ' ').trim()}”`;

const NOUNS: Record<FoundClaim['kind'], string> = {
  number: 'number',
  statistic: 'statistic',
  quote: 'quotation',
  named: 'named fact',
};

/**
 * A found claim checked against the text of the source it cites (`source` undefined: not stored or not cited).
 * Supported: the claim is in the source, with the sentence it is in as the passage. Unsupported: the source lacks it
 * (the closest sentence shown) or could not be read. Uncited: no source is linked.
 */
export function checkClaim(found: FoundClaim, source: SourceText | undefined): Claim {
  const base = {
    id: found.id,
    text: found.text,
    start: found.start,
    end: found.end,
    kind: found.kind,
    source_url: found.source?.url ?? null,
    source_title: found.source ? source?.title || found.source.title || found.source.url : null,
  };
  const noun = NOUNS[found.kind];
  if (!found.source)
    return {
      ...base,
      state: 'uncited',
      passage: null,
      reason: `No source is cited for this ${noun}. Link the page it comes from right after it, or remove it.`,
    };
  if (!source || source.error || !source.text.trim())
    return {
      ...base,
      state: 'unsupported',
      passage: null,
      reason: `The cited page could not be read${source?.error ? ` (${source.error})` : ''}, so this ${noun} could not be checked against it.`,
    };
  const backing = sentences(source.text).find((sentence) => contains(found, sentence));
  if (backing || contains(found, source.text))
    return {
      ...base,
      state: 'supported',
      passage: clip(backing ?? source.text),
      reason: `The cited page contains ${quoted(found.text)}.`,
    };
  return {
    ...base,
    state: 'unsupported',
    passage: closest(source.text, found.sentence),
    reason: `The cited page does not contain ${quoted(found.text)}. Check it against the source, or cite the page it comes from.`,
  };
}
