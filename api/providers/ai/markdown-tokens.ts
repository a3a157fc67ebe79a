// What a translation must not touch, taken out of a post's markdown before the model sees it and put back after:
// code (fenced blocks and inline), the video paragraph, link and image addresses, reference definitions, autolinks
// and bare addresses. Each becomes a token `⟦n⟧` the model is told to keep; a translation that lost, doubled or made
// up a token is refused, so a translated post never has a broken link or a missing video.
import { youtubeId } from '../../../src/lib/posts/video.ts';

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const VIDEO_LINK_LINE = /^\s*\[(?:\\.|[^\\\]\n])*\]\(\s*<?(https?:\/\/[^\s)>]+)>?\s*\)\s*$/;
const VIDEO_BARE_LINE = /^\s*<?(https?:\/\/\S+?)>?\s*$/;
const REFERENCE_DEFINITION = /^\s{0,3}\[[^\]\n]+\]:\s*\S+.*$/;
// An inline code span, a link or image destination (with an optional title), an autolink, a bare address.
const INLINE =
  /(`+)[^`\n]*?\1|\]\((?:<[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?\s*\)|<(?:https?|mailto):[^\s>]+>|https?:\/\/[^\s<>()[\]]+[^\s<>()[\].,;:!?'"]/g;
const TOKEN = /⟦(\d+)⟧/g;

/** A markdown text with its untouchable parts taken out, and the parts by token number. */
export interface Tokenized {
  text: string;
  parts: string[];
}

/** Replaces what a translation must keep with tokens `⟦n⟧` (numbered from 1, in order). */
export function tokenizeMarkdown(markdown: string): Tokenized {
  const parts: string[] = [];
  const token = (part: string) => {
    parts.push(part);
    return `⟦${parts.length}⟧`;
  };
  const out: string[] = [];
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    const fence = FENCE.exec(line)?.[1];
    if (fence) {
      // The whole fenced block, closing fence included (or to the end when it is never closed), is one token.
      const block = [line];
      while (++index < lines.length) {
        const next = lines[index] ?? '';
        block.push(next);
        const closing = FENCE.exec(next)?.[1];
        if (closing && closing[0] === fence[0] && closing.length >= fence.length) break;
      }
      out.push(token(block.join('\n')));
      continue;
    }
    const video = VIDEO_LINK_LINE.exec(line)?.[1] ?? VIDEO_BARE_LINE.exec(line)?.[1];
    if ((video && youtubeId(video)) || REFERENCE_DEFINITION.test(line)) {
      out.push(token(line));
      continue;
    }
    out.push(line.replace(INLINE, (part) => (part.startsWith('](') ? `](${token(part.slice(2, -1))})` : token(part))));
  }
  return { text: out.join('\n'), parts };
}

/** Why a translation could not be put back together. */
export class TokenMismatch extends Error {}

/**
 * Puts the parts back into the translated text. Every token must appear exactly once and no other may: otherwise a
 * link, the video or code was lost or doubled, and the translation is refused (TokenMismatch) rather than stored.
 */
export function restoreMarkdown(translated: string, parts: string[]): string {
  const seen = new Map<number, number>();
  for (const match of translated.matchAll(TOKEN)) {
    const number = Number(match[1]);
    seen.set(number, (seen.get(number) ?? 0) + 1);
  }
  const missing = parts.map((_, index) => index + 1).filter((number) => (seen.get(number) ?? 0) === 0);
  const doubled = [...seen].filter(([number, count]) => count > 1 && number <= parts.length).map(([number]) => number);
  const unknown = [...seen.keys()].filter((number) => number < 1 || number > parts.length);
  if (missing.length || doubled.length || unknown.length)
    throw new TokenMismatch(
      `the translation ${[
        missing.length ? `lost ${missing.length} of the post's links, code or video` : '',
        doubled.length ? `repeated ${doubled.length} of them` : '',
        unknown.length ? `added ${unknown.length} the post does not have` : '',
      ]
        .filter(Boolean)
        .join(', ')}`,
    );
  return translated.replace(TOKEN, (_, number: string) => parts[Number(number) - 1] ?? '');
}
