// The text a reader sees on a built page, and the copy the editors own, for the check that every public word lives
// in src/content (issue 17).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Parser } from 'htmlparser2';
import { parse } from 'yaml';

/** One piece of text a reader meets, and where: "text" for a text node, else the attribute or head tag it is in. */
export interface ReaderText {
  text: string;
  where: string;
  /** Inside an element marked data-generated (text the page writes from a machine-readable source, e.g. route schemas). */
  generated: boolean;
}

const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg']);
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
/** Attributes a screen reader reads out or a reader sees (a placeholder, a tooltip, an image's replacement). */
const READ_ATTRIBUTES = [
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-placeholder',
  'aria-valuetext',
  'alt',
  'placeholder',
  'title',
];
/** Head tags whose text readers meet in the tab, in search results and in link previews. */
const READ_META = new Set([
  'description',
  'og:title',
  'og:description',
  'og:site_name',
  'og:image:alt',
  'twitter:title',
  'twitter:description',
  'twitter:image:alt',
]);
const BUTTON_INPUTS = new Set(['button', 'submit', 'reset']);
// typographic quotes count as the straight ones editors type (markdown turns ' into ’)
const squash = (value: string) => value.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim();

/**
 * Every text a reader meets on a page: the <title>, the description and link-preview meta tags, each non-empty text
 * node inside <body> outside scripts, styles and SVG, and the attributes read out or shown (aria-label, alt,
 * placeholder, title, a button input's value), whitespace collapsed.
 */
export function readerTexts(html: string): ReaderText[] {
  const texts: ReaderText[] = [];
  const stack: { name: string; generated: boolean }[] = [];
  let inBody = false;
  let inTitle = false;
  let skipped = 0;
  let buffer = '';
  const generated = () => stack.some((open) => open.generated);
  const add = (raw: string, where: string) => {
    const text = squash(raw);
    if (text) texts.push({ text, where, generated: generated() });
  };
  // the parser hands text over in pieces (an entity starts a new one): a text node ends at the next tag
  const flush = () => {
    const value = buffer;
    buffer = '';
    if (inTitle && !inBody) add(value, '<title>');
    else if (inBody && skipped === 0) add(value, 'text');
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        flush();
        if (name === 'body') inBody = true;
        if (name === 'title' && skipped === 0) inTitle = true;
        if (name === 'meta' && !inBody) {
          const key = attributes.name ?? attributes.property ?? '';
          if (READ_META.has(key) && attributes.content) add(attributes.content, `meta ${key}`);
        }
        if (
          inBody &&
          !['script', 'style', 'template', 'noscript'].some((tag) => stack.some((open) => open.name === tag))
        ) {
          for (const attribute of READ_ATTRIBUTES) if (attributes[attribute]) add(attributes[attribute], attribute);
          if (name === 'input' && BUTTON_INPUTS.has(attributes.type ?? '') && attributes.value)
            add(attributes.value, 'value');
        }
        if (VOID.has(name)) return;
        stack.push({ name, generated: 'data-generated' in attributes });
        if (SKIP.has(name)) skipped += 1;
      },
      onclosetag(name) {
        flush();
        if (name === 'title') inTitle = false;
        if (VOID.has(name)) return;
        const open = stack.pop();
        if (open && SKIP.has(open.name)) skipped -= 1;
      },
      ontext(text) {
        buffer += text;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return texts;
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? (entry.name.startsWith('_') ? [] : files(join(dir, entry.name))) : [join(dir, entry.name)],
  );
}

/** Every string value in a parsed YAML or JSON value. */
export function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** Inline markdown that renders as an element of its own: a code span, a link, emphasis. */
const INLINE = /`([^`]+)`|\[([^\]]*)\]\([^)]*\)|\*\*([^*]+)\*\*|\*([^*]+)\*|_([^_]+)_/g;

/**
 * A markdown body as the strings a reader meets: each paragraph with the markup stripped, and, since inline markup
 * splits a paragraph into text nodes, each inline element's text and each piece between them.
 */
function markdownStrings(body: string): string[] {
  const paragraphs = body.replace(/^#+\s*/gm, '').split(/\n\s*\n/);
  return [
    ...codeStrings(body),
    ...paragraphs.flatMap((paragraph) => [
      paragraph.replace(INLINE, (...match: string[]) => match.slice(1, 6).find((inner) => inner !== undefined) ?? ''),
      ...[...paragraph.matchAll(INLINE)].map((match) => match.slice(1, 6).find((inner) => inner !== undefined) ?? ''),
      ...paragraph.split(INLINE).filter((piece, index) => index % 6 === 0),
    ]),
  ];
}

/**
 * A fenced code block as the pieces its highlighter makes text nodes of: each line, each quoted string, and each token
 * between spaces, quotes and separators (a JSON example's `{`, `inkpilot`, `Bearer ink_your_api_key`).
 */
function codeStrings(body: string): string[] {
  return [...body.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].flatMap(([, code = '']) =>
    code
      .split('\n')
      .flatMap((line) => [line, ...line.split('"'), ...line.split(/[\s"':,]+/)])
      .map((piece) => piece.trim())
      .filter(Boolean),
  );
}

/** Every string the content files hold: YAML values, front-matter values and markdown bodies (markup stripped). */
export function contentStrings(root = 'src/content'): string[] {
  return files(root).flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    if (file.endsWith('.yaml')) return strings(parse(source)).map(squash);
    const [, front = '', body = ''] = source.match(/^---\n([\s\S]*?)\n---\n?([\s\S]*)$/) ?? [];
    return [...strings(parse(front)), ...markdownStrings(body)].map(squash);
  });
}

/** Below this length a text node must be a whole content string: "Copy" is not owned by any sentence holding it. */
const FRAGMENT_MIN = 25;

/**
 * A text node is owned by the copy when it is a content string, a template's output ("Step {n}" → "Step 2") or a
 * template's fixed part, or, from FRAGMENT_MIN characters on, part of a content string (markdown paragraphs are
 * split into several text nodes by links and emphasis).
 */
export function ownedBy(content: string[]): (text: string) => boolean {
  const exact = new Set(content);
  // a placeholder may be filled with nothing (an optional page number); a template of placeholders only owns nothing
  const templates = content
    .filter((value) => /\{\w+\}/.test(value) && /\p{L}/u.test(value.replace(/\{\w+\}/g, '')))
    .map((value) => new RegExp(`^${value.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '.*?')}$`));
  for (const piece of content.flatMap((value) => value.split(/\{\w+\}/))) if (piece.trim()) exact.add(piece.trim());
  return (text) =>
    exact.has(text) ||
    templates.some((pattern) => pattern.test(text)) ||
    (text.length >= FRAGMENT_MIN && content.some((value) => value.includes(text)));
}
