// Copied words (issue 27): a run of 8 or more words that also appears in a source the post drew on, outside quotation
// marks, is copied. The sources become sets of 8-word shingles once (kept per sources list), so checking a post as it
// is typed costs one pass over its words.
import type { SourceText } from './types.ts';
import { fold, rawWords } from './text.ts';

/** The shortest run of words that counts as copied. */
export const COPIED_RUN = 8;

interface SourceIndex {
  /** 8-word shingle (folded words joined by spaces) → index of the first source that has it. */
  shingles: Map<string, number>;
  /** Every word of the sources: a window of the post with a word outside it cannot be a shingle (no key built). */
  words: Set<string>;
  sources: SourceText[];
}

const indexes = new WeakMap<SourceText[], SourceIndex>();

const key = (list: string[], from: number) => list.slice(from, from + COPIED_RUN).join(' ');

/** The shingle index of a sources list, built once per list (the editor passes the same list on every keystroke). */
function indexOf(sources: SourceText[]): SourceIndex {
  let index = indexes.get(sources);
  if (!index) {
    const shingles = new Map<string, number>();
    const words = new Set<string>();
    sources.forEach((source, at) => {
      const list = rawWords(fold(source.text));
      for (const word of list) words.add(word);
      for (let from = 0; from + COPIED_RUN <= list.length; from++) {
        const shingle = key(list, from);
        if (!shingles.has(shingle)) shingles.set(shingle, at);
      }
    });
    index = { shingles, words, sources };
    indexes.set(sources, index);
  }
  return index;
}

/** One copied run: how many words, the words as the post has them, and the source they are in. */
export interface CopiedRun {
  words: number;
  text: string;
  source: SourceText;
}

// Straight and typographic double quotes, guillemets, German low quotes: what a writer quotes a source with.
const QUOTED = /"[^"\n]*"|“[^”\n]*”|„[^“”\n]*[“”]|«[^»\n]*»|‹[^›\n]*›|「[^」\n]*」/g;

/** The parts of a text outside quotation marks. */
export function unquoted(text: string): string[] {
  return text.split(QUOTED);
}

/** Runs of 8+ words of `texts` (blocks of the post outside quotes) that are in one of the sources. */
export function copiedRuns(texts: string[], sources: SourceText[]): CopiedRun[] {
  if (sources.length === 0) return [];
  const { shingles, words } = indexOf(sources);
  const runs: CopiedRun[] = [];
  for (const text of texts) {
    for (const part of unquoted(text)) {
      // Folded as a whole (one normalisation per part, not per word); the words as written only when a run is found.
      const list = rawWords(fold(part));
      if (list.length < COPIED_RUN) continue;
      let written: string[] | undefined;
      const asWritten = () => {
        written ??= rawWords(part);
        return written.length === list.length ? written : list;
      };
      // known[i]: how many words up to and including i are all source words; a window needs COPIED_RUN of them.
      const known = new Array<number>(list.length);
      for (let at = 0; at < list.length; at++)
        known[at] = words.has(list[at] as string) ? (at > 0 ? (known[at - 1] as number) : 0) + 1 : 0;
      let start = -1;
      let end = -1;
      let source = 0;
      for (let from = 0; from + COPIED_RUN <= list.length; from++) {
        if ((known[from + COPIED_RUN - 1] as number) < COPIED_RUN) continue;
        const found = shingles.get(key(list, from));
        if (found === undefined) continue;
        if (start >= 0 && from <= end) {
          end = from + COPIED_RUN;
          continue;
        }
        if (start >= 0) runs.push(run(asWritten(), start, end, sources[source] as SourceText));
        start = from;
        end = from + COPIED_RUN;
        source = found;
      }
      if (start >= 0) runs.push(run(asWritten(), start, end, sources[source] as SourceText));
    }
  }
  return runs;
}

function run(written: string[], start: number, end: number, source: SourceText): CopiedRun {
  return { words: end - start, text: written.slice(start, end).join(' '), source };
}
