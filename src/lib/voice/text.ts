// Text as the voice analysis reads it: documents made of blocks (headings, paragraphs, list items, quotes), sentences
// and words. Shared by the server (articles read from HTML) and the editor (a post's markdown), so both count alike.
// Scripts written without spaces (Chinese, Japanese, Thai…) are split into words by the platform's segmenter, as the
// checklist splits them (src/lib/languages/words.ts).
import { isUnspaced, segmentWords } from '../languages/words.ts';

/** One block of a document; consecutive `item` blocks form one list. */
export interface VoiceBlock {
  kind: 'heading' | 'paragraph' | 'item' | 'quote';
  text: string;
}

/** A text to measure: an example article or a post. */
export interface VoiceDocument {
  title: string;
  url?: string;
  blocks: VoiceBlock[];
}

// Abbreviations whose full stop does not end a sentence.
const ABBREVIATION =
  /(?:\b(?:e\.g|i\.e|etc|vs|cf|approx|Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|No|Fig|Sra|Dra|z\.B|d\.h|usw|bzw|p\.ex|Mme)\.|\b[A-Z]\.)$/;

// Where a sentence ends in scripts written without spaces: after 。！？ (with closing quotes or brackets; no space
// follows them), Burmese ။ and Khmer ។ ៕; in Thai and Lao, whose sentences have no full stop, at a space between two
// letters (a space there ends a sentence or a clause).
const UNSPACED_BREAK =
  /(?<=[。！？｡။។៕]["'”’」』）)\]]*)(?![。！？｡။។៕"'”’」』）)\]])\s*|(?<=[\p{sc=Thai}\p{sc=Lao}]\p{M}*)\s+(?=[\p{sc=Thai}\p{sc=Lao}])/u;
const HAS_WORD = /[\p{L}\p{N}]/u;

/** The sentences of one block's text, verbatim (whitespace normalised), in order. */
export function sentencesOf(text: string): string[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return [];
  if (!isUnspaced(clean)) return spacedSentences(clean);
  return clean
    .split(UNSPACED_BREAK)
    .filter((part) => HAS_WORD.test(part))
    .flatMap((part) => spacedSentences(part.trim()));
}

/** The sentences of a text whose sentences end with ., ! or ? and a space. */
function spacedSentences(clean: string): string[] {
  const out: string[] = [];
  let start = 0;
  // A run of ., ! or ? (with closing quotes or brackets) followed by a space and what can start a sentence.
  const boundary = /[.!?…]+["'”’)\]]*(?=\s+["'“‘(¿¡]?[\p{Lu}\p{N}])/gu;
  for (const match of clean.matchAll(boundary)) {
    const end = (match.index ?? 0) + match[0].length;
    const candidate = clean.slice(start, end).trim();
    if (ABBREVIATION.test(clean.slice(start, (match.index ?? 0) + 1))) continue;
    if (candidate) out.push(candidate);
    start = end;
  }
  const rest = clean.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*(?:-[\p{L}\p{N}]+)*/gu;

/** Lower-case word tokens: letters and digits, with inner apostrophes (contractions) and hyphens kept. */
export function wordsOf(text: string): string[] {
  const words = isUnspaced(text) ? segmentWords(text) : (text.match(WORD) ?? []);
  return words.map((word) => word.toLowerCase().replace(/’/g, "'"));
}

/** A word with at least one letter (numbers are not vocabulary). */
export const isLexical = (word: string) => /\p{L}/u.test(word);

/** The letters of a word (its length without apostrophes and hyphens). */
export const lettersOf = (word: string) => word.replace(/['-]/g, '').length;

/**
 * A post's markdown as blocks: headings (#), list items (-, *, +, 1.), quotes (>) and paragraphs; code, tables,
 * images, HTML and bare links are left out, and link text, emphasis and inline code keep only their words.
 */
export function blocksFromMarkdown(markdown: string): VoiceBlock[] {
  const blocks: VoiceBlock[] = [];
  let paragraph: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    const text = inline(paragraph.join(' '));
    if (text) blocks.push({ kind: 'paragraph', text });
    paragraph = [];
  };
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trimEnd();
    const fenceMark = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (fence) {
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = null;
      continue;
    }
    if (fenceMark) {
      flush();
      fence = fenceMark;
      continue;
    }
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    const item = /^\s*(?:[-*+]|\d{1,9}[.)])\s+(.*)$/.exec(line);
    const quote = /^\s{0,3}>\s?(.*)$/.exec(line);
    if (!line.trim() || /^\s*([-*_])(\s*\1){2,}\s*$/.test(line) || /^\s*\|/.test(line) || /^ {4,}|^\t/.test(raw)) {
      flush();
    } else if (heading) {
      flush();
      push(blocks, 'heading', heading[1] ?? '');
    } else if (item) {
      flush();
      push(blocks, 'item', item[1] ?? '');
    } else if (quote) {
      flush();
      push(blocks, 'quote', quote[1] ?? '');
    } else if (/^\s*<\/?[a-z][^>]*>\s*$/i.test(line)) {
      flush();
    } else {
      paragraph.push(line.trim());
    }
  }
  flush();
  return mergeQuotes(blocks);
}

function push(blocks: VoiceBlock[], kind: VoiceBlock['kind'], text: string): void {
  const clean = inline(text);
  if (clean) blocks.push({ kind, text: clean });
}

/** Consecutive quote lines are one quote. */
function mergeQuotes(blocks: VoiceBlock[]): VoiceBlock[] {
  const out: VoiceBlock[] = [];
  for (const block of blocks) {
    const last = out.at(-1);
    if (block.kind === 'quote' && last?.kind === 'quote') last.text = `${last.text} ${block.text}`;
    else out.push({ ...block });
  }
  return out;
}

/** The readable words of a markdown line: images and bare links dropped, links and emphasis reduced to their text. */
function inline(text: string): string {
  return text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<https?:[^>]*>/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|\*|_|~~)(?=\S)([^*_~]*?\S)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
}
