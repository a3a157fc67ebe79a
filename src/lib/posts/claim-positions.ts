// Where a post's claims sit in the rich-text editor's document (issue 27). Claims are offsets into the markdown
// (src/lib/claims/schema.ts: start/end); the editor's document has no markdown syntax, so each claim is found by its
// words and by which occurrence of those words it is in the markdown, as the preview's highlighting finds them.
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

/** The parts of a claim the editor needs (a structural subset of the claims schema's Claim). */
export interface ClaimSpan {
  id: string;
  text: string;
  start: number;
  end: number;
  state: 'supported' | 'unsupported' | 'uncited';
  reason: string;
}

/** The words a reader sees of a claim: its markdown without emphasis and code marks. */
export const visibleWords = (text: string) => text.replace(/[*_`]/g, '');

/** Which occurrence (0-based) of `text` in `markdown` the one starting at `start` is. */
function occurrenceAt(markdown: string, text: string, start: number): number {
  let count = 0;
  for (let at = markdown.indexOf(text); at >= 0 && at < start; at = markdown.indexOf(text, at + 1)) count++;
  return count;
}

/**
 * Each claim's document range [from, to), in claim order; claims whose words are not found in one block are left out.
 * Text of separate blocks is joined with a newline, so a claim never matches across a paragraph's end.
 */
export function claimRanges(
  doc: ProseMirrorNode,
  claims: ClaimSpan[],
  markdown: string,
): { claim: ClaimSpan; from: number; to: number }[] {
  let text = '';
  const starts: { at: number; pos: number }[] = [];
  let lastBlock: ProseMirrorNode | null = null;
  doc.descendants((node, pos, parent) => {
    if (!node.isText) return true;
    if (parent !== lastBlock && text) text += '\n';
    lastBlock = parent;
    starts.push({ at: text.length, pos });
    text += node.text ?? '';
    return false;
  });
  const positionOf = (index: number): number => {
    let low = 0;
    for (let high = starts.length - 1; low < high; ) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]!.at <= index) low = middle;
      else high = middle - 1;
    }
    const start = starts[low]!;
    return start.pos + (index - start.at);
  };

  const found: { claim: ClaimSpan; from: number; to: number }[] = [];
  for (const claim of claims) {
    const words = visibleWords(claim.text);
    if (!words.trim() || words.includes('\n')) continue;
    const wanted = occurrenceAt(markdown, claim.text, claim.start);
    let at = -1;
    for (let n = 0, from = 0; n <= wanted; n++) {
      at = text.indexOf(words, from);
      if (at < 0) break;
      from = at + 1;
    }
    if (at < 0) continue;
    const from = positionOf(at);
    const to = positionOf(at + words.length - 1) + 1;
    // Inside one block: the words were one run of that block's text.
    if (doc.resolve(from).parent !== doc.resolve(to).parent) continue;
    found.push({ claim, from, to });
  }
  return found;
}
