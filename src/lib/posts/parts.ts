// What wrote each part of a post (issue 27, disclosure): a part is the introduction or one ## section; each records
// what wrote it — the model's name, the writer's brief, or the person who last changed it.
import { BRIEF_WRITER } from './brief.ts';

/** One part of a post's body as stored: its heading, what wrote it, and a hash of its text as so written. */
export interface StoredPart {
  heading: string;
  written_by: string;
  hash: string;
}

/** The heading the text before the first ## section goes by. */
export const INTRODUCTION = 'Introduction';
/** Sections a run adds itself (links), never a model's or a person's writing. */
const ADDED_BY_RUN = /^(sources|related posts)$/i;
/** What wrote the link lists a run adds. */
export const RUN_WRITER = 'Inkpilot (links it added)';

/** The body's parts in order: the introduction (when it has text) and each ## section, with their text. */
export function splitParts(markdown: string): { heading: string; text: string }[] {
  const parts: { heading: string; lines: string[] }[] = [{ heading: INTRODUCTION, lines: [] }];
  let fence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s{0,3}(`{3,}|~{3,})/.test(line)) fence = !fence;
    if (!fence && /^##\s/.test(line))
      parts.push({
        heading: line
          .replace(/^##\s+/, '')
          .replace(/\s+#*\s*$/, '')
          .trim(),
        lines: [],
      });
    else parts.at(-1)?.lines.push(line);
  }
  return parts
    .map((part) => ({ heading: part.heading, text: part.lines.join('\n').trim() }))
    .filter((part, index) => index > 0 || part.text);
}

/** A short hash of a part's text, blind to whitespace changes. */
export function partHash(text: string): string {
  let hash = 0x811c9dc5;
  for (const char of text.replace(/\s+/g, ' ').trim()) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The parts of a body a run wrote: each by `writer`, the link lists the run added by Inkpilot. */
export function writtenParts(markdown: string, writer: string): StoredPart[] {
  return splitParts(markdown).map((part) => ({
    heading: part.heading,
    written_by: ADDED_BY_RUN.test(part.heading) ? RUN_WRITER : writer,
    hash: partHash(part.text),
  }));
}

/**
 * The parts after a person's edit: a part whose text is unchanged keeps what wrote it; a changed part is now
 * `person`'s ("<name> (edited)" when a model or another person wrote it before), and a new part, or one of a brief,
 * is theirs.
 */
export function partsAfterEdit(before: StoredPart[], markdown: string, person: string): StoredPart[] {
  const unused = [...before];
  return splitParts(markdown).map((part) => {
    const hash = partHash(part.text);
    const at = unused.findIndex((old) => old.heading === part.heading);
    const old = at >= 0 ? unused.splice(at, 1)[0] : undefined;
    if (old && old.hash === hash) return old;
    // A brief is notes, not prose: whoever replaces a part of it wrote that part.
    const mine =
      !old || old.written_by === BRIEF_WRITER || old.written_by === person || old.written_by.startsWith(`${person} (`);
    return { heading: part.heading, written_by: mine ? person : `${person} (edited)`, hash };
  });
}
