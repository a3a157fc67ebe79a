// The cannibalisation guard: two pieces compete when they target the same or a near-duplicate keyword — equal once
// normalised and stemmed, or alike by their keyword tokens, their titles or their keyword sets. Pure, so unit tests
// drive it directly.

const STOP = new Set(
  'a an and are as at be by for from how in into is it its of on or the to vs what when where which who why with your you'.split(
    ' ',
  ),
);

/** A light stemmer (plural, -ing, -ed, -ly, -er, -ies): enough for "starters" and "starter" to be one keyword. */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(ss|sh|ch|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is'))
    w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith('ly')) w = w.slice(0, -2);
  else if (w.length > 5 && w.endsWith('er')) w = w.slice(0, -2);
  return w;
}

/**
 * The stemmed content words of a text, in order: letters and digits of any script (a plan in Arabic or Greek is
 * guarded like one in English), accents dropped.
 */
export function tokens(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((word) => word && !STOP.has(word))
    .map(stem);
}

/** A keyword as the guard compares it: stemmed tokens, sorted, so word order does not matter. */
export function keywordKey(keyword: string): string {
  return [...new Set(tokens(keyword))].sort().join(' ');
}

function jaccard<T>(a: Set<T>, b: Set<T>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const item of a) if (b.has(item)) shared++;
  return shared / (a.size + b.size - shared);
}

/** What the guard compares of a post or an entry. */
export interface Piece {
  title: string;
  target_keyword: string;
  keywords?: string[];
}

const KEYWORD_SIMILARITY = 0.75;
const TITLE_SIMILARITY = 0.7;
const KEYWORD_SET_SIMILARITY = 0.6;

/** Why two pieces compete, or null when they do not. */
export function competes(a: Piece, b: Piece): string | null {
  const ka = keywordKey(a.target_keyword);
  const kb = keywordKey(b.target_keyword);
  if (ka && kb) {
    if (ka === kb) return 'same target keyword';
    if (jaccard(new Set(ka.split(' ')), new Set(kb.split(' '))) >= KEYWORD_SIMILARITY)
      return 'near-duplicate target keyword';
  }
  const ta = new Set(tokens(a.title));
  const tb = new Set(tokens(b.title));
  if (ta.size >= 2 && tb.size >= 2 && jaccard(ta, tb) >= TITLE_SIMILARITY) return 'near-duplicate title';
  const sa = new Set([a.target_keyword, ...(a.keywords ?? [])].map(keywordKey).filter(Boolean));
  const sb = new Set([b.target_keyword, ...(b.keywords ?? [])].map(keywordKey).filter(Boolean));
  if (sa.size >= 2 && sb.size >= 2 && jaccard(sa, sb) >= KEYWORD_SET_SIMILARITY) return 'overlapping keyword set';
  return null;
}

/** The first piece of `others` the candidate competes with, and why. */
export function firstCompetitor<T extends Piece>(candidate: Piece, others: T[]): { other: T; reason: string } | null {
  for (const other of others) {
    const reason = competes(candidate, other);
    if (reason) return { other, reason };
  }
  return null;
}
