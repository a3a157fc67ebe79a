// Numbers as a post and a source write them, reduced to one form so "12,000", "12 000" and "12 thousand" or "42 %",
// "42 percent" and "42 per cent" compare equal.

const MAGNITUDES: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  m: 1e6,
  mn: 1e6,
  billion: 1e9,
  bn: 1e9,
  b: 1e9,
  trillion: 1e12,
};

const UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** Number words a source may use where a post writes digits ("twelve bakers"), with their values. */
export const NUMBER_WORDS: ReadonlyMap<string, number> = new Map([
  ...UNITS.map((word, value) => [word, value] as const),
  ...TENS.flatMap((word, index) => (word ? [[word, index * 10] as const] : [])),
  ['hundred', 100],
  ['dozen', 12],
]);

/**
 * A number as written: digits with thousands separators and decimals, a currency sign before, a magnitude word or
 * suffix after (million, bn, k) and a percent sign or word. Group 1 currency, 2 digits, 3 magnitude, 4 percent.
 */
export const NUMBER =
  /(?<![\p{L}\p{N}.,-])([$€£¥])?\s?(\d{1,3}(?:[,\u202f\u00a0 ]\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?:\s?(thousand|million|billion|trillion|bn|mn|k|m|b)(?![\p{L}\p{N}]))?(\s?%|\s(?:percent|per cent)(?![\p{L}]))?/giu;

/** The value of the digits and magnitude of a NUMBER match, as a canonical string ("12000000", "3.5"). */
export function valueOf(digits: string, magnitude: string | undefined): string {
  const plain = Number(digits.replace(/[,\u202f\u00a0 ]/g, ''));
  const scale = magnitude ? (MAGNITUDES[magnitude.toLowerCase()] ?? 1) : 1;
  return String(Math.round(plain * scale * 1e6) / 1e6);
}

/** A word that may be a number, with a magnitude and a percent word right after it. */
const WORD_NUMBER =
  /(?<![\p{L}-])([a-z]+(?:-[a-z]+)?)(?:\s+(thousand|million|billion|trillion))?(\s+(?:percent|per cent))?(?![\p{L}])/gu;

/** One number found in a text: its value and whether it is a percentage. */
export interface FoundNumber {
  value: string;
  percent: boolean;
}

/** Every number of a text (digits, and number words of a source), in one canonical form. */
export function numbersIn(text: string): FoundNumber[] {
  const found: FoundNumber[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const digits = match[2] ?? '';
    found.push({ value: valueOf(digits, match[3]), percent: Boolean(match[4]) });
  }
  for (const match of text.toLowerCase().matchAll(WORD_NUMBER)) {
    const word = match[1] ?? '';
    const [tens, unit] = word.split('-');
    let value = NUMBER_WORDS.get(word);
    if (value === undefined && tens && unit) {
      const a = NUMBER_WORDS.get(tens);
      const b = NUMBER_WORDS.get(unit);
      if (a !== undefined && b !== undefined && a >= 20 && b < 10) value = a + b;
    }
    if (value === undefined) continue;
    const scale = match[2] ? (MAGNITUDES[match[2]] ?? 1) : 1;
    found.push({ value: String(value * scale), percent: Boolean(match[3]) });
  }
  return found;
}
