// Finding the claims of a post, deterministically: every number and statistic, every quotation, and the names a
// sentence attributes a fact to or cites a source for, each with the source its sentence cites (if any).
import nlp from 'compromise';
import type { ClaimKind } from './schema.ts';
import { NUMBER } from './numbers.ts';
import { type MarkdownLink, proseOf, sentencesOf } from './prose.ts';

/** A claim as found, before it is checked against its source. */
export interface FoundClaim {
  id: string;
  text: string;
  start: number;
  end: number;
  kind: ClaimKind;
  /** The external link that cites it, or null. */
  source: { url: string; title: string } | null;
  /** The prose of the sentence it is in (link syntax and texts blanked). */
  sentence: string;
}

/** Words after a number that make it a figure of something ("36 hours", "12 bakers"). */
const UNIT = /^\s?([\p{L}][\p{L}'’-]*)/u;
/** Words that say "this fact comes from somewhere": a name in such a sentence is a named claim. */
const ATTRIBUTION =
  /\b(according to|said|says|say|found|finds|reported|reports|report|estimates?|estimated|claims?|claimed|told|surveyed|study|studies|survey|research(?:ers)?)\b/i;
/** Function words never taken as a number's unit. */
const NOT_UNITS = new Set(
  'a an and or but the to of in on at by for from with as is are was were be been when while that which who this these those it its than then so if per about after before into over under more less each every across around between through'.split(
    ' ',
  ),
);
/** Words that make the number after them a label, not a figure ("Step 2", "Chapter 3", "Section 1"). */
const LABEL =
  /\b(step|part|chapter|section|figure|fig\.|table|paragraph|sentence|page|item|phase|level|stage|round|tip|no\.|number|version|episode|season|volume|vol\.)\s*$/i;
const QUOTES = /“([^”\n]{2,}?)”|"([^"\n]{2,}?)"/g;
/** "1 in 5", "3 out of 4": a ratio is one statistic. */
const RATIO = /^\s+(?:in|out of)\s+(\d[\d,.]*)/i;

/** A short, stable id for a claim: its kind, text and which occurrence of that text it is. */
function claimId(kind: string, text: string, occurrence: number): string {
  let hash = 0x811c9dc5;
  for (const char of `${kind}\u0000${text.toLowerCase()}\u0000${occurrence}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${kind}-${hash.toString(36)}`;
}

/** The link citing a claim: the first in its sentence after it, else the last one before it. */
function citing(links: MarkdownLink[], end: number): MarkdownLink | undefined {
  return links.find((link) => link.start >= end) ?? links.filter((link) => link.start < end).at(-1);
}

const wordCount = (text: string) => text.trim().split(/\s+/).filter(Boolean).length;

/** Names (people, organisations, places) in a sentence's prose, with their offsets in it. */
function namesIn(prose: string): { start: number; end: number; text: string }[] {
  const doc = nlp(prose);
  const names = [
    ...doc.people().out('array'),
    ...doc.organizations().out('array'),
    ...doc.places().out('array'),
  ] as string[];
  const found: { start: number; end: number; text: string }[] = [];
  for (const raw of names) {
    const name = raw
      .replace(/['’]s$/i, '')
      .replace(/^[\s"“(]+|[\s.,;:!?"”)]+$/g, '')
      .trim();
    if (name.length < 2 || !/\p{Lu}/u.test(name)) continue;
    let from = 0;
    for (;;) {
      const at = prose.indexOf(name, from);
      if (at < 0) break;
      from = at + name.length;
      if (found.some((other) => at < other.end && from > other.start)) continue;
      found.push({ start: at, end: from, text: name });
    }
  }
  return found;
}

/**
 * Every checkable claim of a post's markdown, in order: numbers and statistics, quotations of three words or more,
 * and names in sentences that cite a source or attribute a fact ("according to", "found", "said"). Headings, code,
 * link texts and the Sources / Related posts lists hold none. Each claim carries the external link citing it, when
 * its sentence has one (right after it, or before it in the same sentence, or standing alone after the full stop).
 */
export function extractClaims(markdown: string): FoundClaim[] {
  const { prose } = proseOf(markdown);
  const claims: Omit<FoundClaim, 'id'>[] = [];
  for (const sentence of sentencesOf(markdown)) {
    const text = prose.slice(sentence.start, sentence.end);
    const taken: [number, number][] = [];
    const overlaps = (start: number, end: number) => taken.some(([a, b]) => start < b && end > a);
    const add = (start: number, end: number, kind: ClaimKind) => {
      const at = sentence.start + start;
      const link = citing(sentence.links, sentence.start + end);
      taken.push([start, end]);
      claims.push({
        text: markdown.slice(at, sentence.start + end),
        start: at,
        end: sentence.start + end,
        kind,
        source: link ? { url: link.url, title: link.text } : null,
        sentence: text.replace(/\s+/g, ' ').trim(),
      });
    };
    for (const match of text.matchAll(QUOTES)) {
      const inner = match[1] ?? match[2] ?? '';
      if (wordCount(inner) < 3) continue;
      const start = match.index + 1;
      add(start, start + inner.length, 'quote');
    }
    for (const match of text.matchAll(NUMBER)) {
      let start = match.index;
      let end = start + match[0].length;
      if (overlaps(start, end)) continue;
      const after = text.slice(end);
      if (/^(st|nd|rd|th)\b/i.test(after) || /^[\p{L}]/u.test(after)) continue; // 21st, 3D, 4K: not figures
      if (!match[1] && LABEL.test(text.slice(0, start))) continue; // Step 2, Chapter 3: labels
      while (text[start] === ' ') start++;
      const ratio = RATIO.exec(after);
      let kind: ClaimKind = match[1] || match[3] || match[4] ? 'statistic' : 'number';
      if (ratio) {
        end += ratio[0].length;
        kind = 'statistic';
      } else if (!match[4]) {
        const unit = UNIT.exec(text.slice(end));
        if (unit?.[1] && !NOT_UNITS.has(unit[1].toLowerCase())) end += unit[0].length;
      }
      add(start, end, kind);
    }
    if (sentence.links.length || ATTRIBUTION.test(text))
      for (const name of namesIn(text)) if (!overlaps(name.start, name.end)) add(name.start, name.end, 'named');
  }
  claims.sort((a, b) => a.start - b.start);
  const seen = new Map<string, number>();
  return claims.map((claim) => {
    const key = `${claim.kind}\u0000${claim.text.toLowerCase()}`;
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    return { id: claimId(claim.kind, claim.text, occurrence), ...claim };
  });
}
