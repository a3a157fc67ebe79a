// The prose of a post's markdown, for finding its claims: the text with everything that is not running prose blanked
// out (code, headings, HTML, images, link syntax), so offsets into it are offsets into the markdown; its links with
// their places; and its sentences.

/** A markdown link of the post: where it is, its text and address. */
export interface MarkdownLink {
  start: number;
  end: number;
  text: string;
  url: string;
}

/** A sentence of the prose: its place in the markdown and the external links that cite its claims. */
export interface Sentence {
  start: number;
  end: number;
  links: MarkdownLink[];
}

const LINK = /(!?)\[((?:[^\]\\\n]|\\.)*)\]\(\s*<?([^\s)>]+)>?(?:\s+"[^"\n]*")?\s*\)/g;
const HEADING = /^\s{0,3}#{1,6}\s/;
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
/** Sections of links a post ends with: never claims of its own. */
const LINK_LISTS = /^\s{0,3}#{1,6}\s+(sources|related posts|references|further reading)\s*#*\s*$/i;

const blank = (text: string) => text.replace(/[^\n]/g, ' ');

/** An absolute http(s) address: what can be cited. Relative links are the blog's own pages. */
export const isCitable = (url: string) => /^https?:\/\/[^\s/]+/i.test(url);

/**
 * The markdown with only its prose left in place (same length, so offsets agree) and its links. Blanked: fenced
 * code, headings, the Sources / Related posts sections, inline code, HTML tags, images, and each link's syntax and
 * text (a link's words are a title, not a claim).
 */
export function proseOf(markdown: string): { prose: string; links: MarkdownLink[] } {
  const lines = markdown.split('\n');
  let fence = false;
  let linkList = false;
  const kept = lines.map((line) => {
    if (FENCE.test(line)) {
      fence = !fence;
      return blank(line);
    }
    if (fence) return blank(line);
    if (HEADING.test(line)) {
      linkList = LINK_LISTS.test(line);
      return blank(line);
    }
    return linkList ? blank(line) : line;
  });
  let prose = kept.join('\n');
  const links: MarkdownLink[] = [];
  prose = prose.replace(LINK, (whole, image: string, text: string, url: string, offset: number) => {
    if (!image) links.push({ start: offset, end: offset + whole.length, text: text.replace(/\\(.)/g, '$1'), url });
    return blank(whole);
  });
  prose = prose
    .replace(/`[^`\n]*`/g, blank)
    .replace(/<[^>\n]*>/g, blank)
    .replace(/https?:\/\/\S+/g, blank);
  return { prose, links };
}

/** Where a new block of text starts: a blank line, a list item, a table row, a quote or a heading. */
const BLOCK_START = /\n(?=\s*\n|\s{0,3}([-*+]|\d+[.)])\s|\s*\||\s{0,3}>|\s{0,3}#)/g;
/** A sentence ends at . ! or ? (and a closing quote or bracket), before a space and a capital, digit or quote. */
const SENTENCE_END = /[.!?]["”’)\]]*\s+(?=[\p{Lu}\d"“‘(])/gu;

/**
 * The sentences of the prose, each with the external links inside it or right after it (a link standing alone after
 * the full stop, as "… 36 hours. ([Source](…))", cites that sentence).
 */
export function sentencesOf(markdown: string): Sentence[] {
  const { prose, links } = proseOf(markdown);
  const cuts = new Set<number>([0, prose.length]);
  for (const match of prose.matchAll(BLOCK_START)) cuts.add(match.index + 1);
  for (const match of prose.matchAll(SENTENCE_END)) cuts.add(match.index + match[0].length);
  const points = [...cuts].sort((a, b) => a - b);
  const spans: { start: number; end: number }[] = [];
  for (let index = 0; index < points.length - 1; index++) {
    const start = points[index] as number;
    const end = points[index + 1] as number;
    const text = prose.slice(start, end);
    if (!/[\p{L}\p{N}]/u.test(text)) {
      // Only a link's blanked place and punctuation: it belongs to the sentence before it.
      const previous = spans.at(-1);
      if (previous && !/\n\s*\n/.test(markdown.slice(previous.end, end))) previous.end = end;
      continue;
    }
    spans.push({ start, end });
  }
  return spans.map((span) => ({
    ...span,
    links: links.filter((link) => link.start >= span.start && link.start < span.end && isCitable(link.url)),
  }));
}

export { LINK_LISTS };
