// A post's markdown as the checklist reads it: blocks (headings, paragraphs, list items, quotes, table rows), links and
// images, in one linear pass over the lines. Not a renderer: enough structure to judge the post, fast enough to run
// on every keystroke (a 3,000-word post in about a millisecond).

export type BlockKind = 'heading' | 'paragraph' | 'item' | 'quote' | 'table';

/** A block of visible text; `text` is plain (markup, link targets and images removed). */
export interface Block {
  kind: BlockKind;
  /** 1–6 for headings, 0 otherwise. */
  level: number;
  text: string;
}

export interface Link {
  text: string;
  url: string;
}

export interface Image {
  alt: string;
  url: string;
}

export interface ParsedPost {
  blocks: Block[];
  links: Link[];
  images: Image[];
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT_H1 = /^ {0,3}=+[ \t]*$/;
const SETEXT_H2 = /^ {0,3}-+[ \t]*$/;
const ITEM = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(.*)$/;
const QUOTE = /^ {0,3}>[ \t]?(.*)$/;
const TABLE_RULE = /^[ \t]*\|?[ \t]*:?-{2,}:?[ \t]*(\|[ \t]*:?-{2,}:?[ \t]*)*\|?[ \t]*$/;
const RULE = /^ {0,3}([-*_])([ \t]*\1){2,}[ \t]*$/;

const IMAGE = /!\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
const LINK = /\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
const AUTOLINK = /<(https?:\/\/[^>\s]+)>/g;
const HTML_IMG = /<img\b[^>]*>/gi;
const HTML_ANCHOR = /<a\b[^>]*\bhref\s*=\s*["']([^"']*)["'][^>]*>(.*?)<\/a>/gi;
const ATTR_ALT = /\balt\s*=\s*(?:"([^"]*)"|'([^']*)')/i;
const ATTR_SRC = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)')/i;
const TAG = /<\/?[a-z][^>]*>/gi;
const EMPHASIS = /(\*{1,3}|_{1,3}|~~)(?=\S)([\s\S]*?\S)\1/g;
const CODE_SPAN = /`+([^`]*)`+/g;

/** Plain text of one inline run; links and images found in it are added to `into`. */
function inline(source: string, into: ParsedPost): string {
  let text = source;
  if (text.includes('<')) {
    text = text.replace(HTML_IMG, (tag) => {
      const alt = ATTR_ALT.exec(tag);
      const src = ATTR_SRC.exec(tag);
      into.images.push({ alt: (alt?.[1] ?? alt?.[2] ?? '').trim(), url: src?.[1] ?? src?.[2] ?? '' });
      return ' ';
    });
    text = text.replace(HTML_ANCHOR, (_, url: string, label: string) => {
      into.links.push({ text: label.replace(TAG, ''), url });
      return label;
    });
  }
  if (text.includes('](')) {
    text = text.replace(IMAGE, (_, alt: string, url: string) => {
      into.images.push({ alt: alt.trim(), url });
      return ' ';
    });
    text = text.replace(LINK, (_, label: string, url: string) => {
      into.links.push({ text: label, url });
      return label;
    });
  }
  if (text.includes('<')) {
    text = text.replace(AUTOLINK, (_, url: string) => {
      into.links.push({ text: url, url });
      return url;
    });
    text = text.replace(TAG, ' ');
  }
  if (text.includes('`')) text = text.replace(CODE_SPAN, '$1');
  if (/[*_~]/.test(text)) text = text.replace(EMPHASIS, '$2');
  return text.replace(/\\([\\`*_{}[\]()#+\-.!>|])/g, '$1');
}

/** Reads a post's markdown into blocks of plain text, its links and its images. Fenced code is left out. */
export function parseMarkdown(markdown: string): ParsedPost {
  const parsed: ParsedPost = { blocks: [], links: [], images: [] };
  const lines = markdown.split(/\r?\n/);
  let paragraph: string[] = [];
  let quote: string[] = [];
  let fence: string | null = null;

  const flushParagraph = () => {
    if (paragraph.length)
      parsed.blocks.push({ kind: 'paragraph', level: 0, text: inline(paragraph.join(' '), parsed) });
    paragraph = [];
  };
  const flushQuote = () => {
    if (quote.length) parsed.blocks.push({ kind: 'quote', level: 0, text: inline(quote.join(' '), parsed) });
    quote = [];
  };

  for (const line of lines) {
    if (fence) {
      if (line.trimStart().startsWith(fence)) fence = null;
      continue;
    }
    const opened = FENCE.exec(line);
    if (opened) {
      flushParagraph();
      flushQuote();
      fence = (opened[1] as string).slice(0, 3);
      continue;
    }
    if (!line.trim()) {
      flushParagraph();
      flushQuote();
      continue;
    }
    const quoted = QUOTE.exec(line);
    if (quoted) {
      flushParagraph();
      quote.push(quoted[1] as string);
      continue;
    }
    flushQuote();
    if (paragraph.length && (SETEXT_H1.test(line) || SETEXT_H2.test(line))) {
      const level = SETEXT_H1.test(line) ? 1 : 2;
      parsed.blocks.push({ kind: 'heading', level, text: inline(paragraph.join(' '), parsed).trim() });
      paragraph = [];
      continue;
    }
    const heading = ATX.exec(line);
    if (heading) {
      flushParagraph();
      parsed.blocks.push({
        kind: 'heading',
        level: (heading[1] as string).length,
        text: inline(heading[2] ?? '', parsed).trim(),
      });
      continue;
    }
    if (RULE.test(line)) {
      flushParagraph();
      continue;
    }
    const item = ITEM.exec(line);
    if (item) {
      flushParagraph();
      parsed.blocks.push({ kind: 'item', level: 0, text: inline(item[1] as string, parsed) });
      continue;
    }
    if (line.trimStart().startsWith('|')) {
      flushParagraph();
      if (TABLE_RULE.test(line)) continue;
      const cells = line
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|');
      parsed.blocks.push({ kind: 'table', level: 0, text: inline(cells.join(' · '), parsed) });
      continue;
    }
    paragraph.push(line.trim());
  }
  flushParagraph();
  flushQuote();
  return parsed;
}
