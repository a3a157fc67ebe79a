// The text a reader sees on a built page, and the copy the editors own, for the check that every public word lives
// in src/content (issue 17).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Parser } from 'htmlparser2';
import { parse } from 'yaml';

const SKIP = new Set(['script', 'style', 'noscript', 'template', 'title', 'svg']);
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
// typographic quotes count as the straight ones editors type (markdown turns ' into ’)
const squash = (value: string) => value.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim();

/** Every non-empty text node inside <body>, outside scripts, styles and SVG, whitespace collapsed. */
export function visibleTexts(html: string): string[] {
  const texts: string[] = [];
  const stack: string[] = [];
  let inBody = false;
  let skipped = 0;
  let buffer = '';
  // the parser hands text over in pieces (an entity starts a new one): a text node ends at the next tag
  const flush = () => {
    const value = squash(buffer);
    buffer = '';
    if (inBody && skipped === 0 && value) texts.push(value);
  };
  const parser = new Parser(
    {
      onopentag(name) {
        flush();
        if (name === 'body') inBody = true;
        if (VOID.has(name)) return;
        stack.push(name);
        if (SKIP.has(name)) skipped += 1;
      },
      onclosetag(name) {
        flush();
        if (VOID.has(name)) return;
        const open = stack.pop();
        if (open && SKIP.has(open)) skipped -= 1;
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
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? (entry.name.startsWith('_') ? [] : files(join(dir, entry.name))) : [join(dir, entry.name)]));
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** Every string the content files hold: YAML values, front-matter values and markdown bodies (markup stripped). */
export function contentStrings(root = 'src/content'): string[] {
  return files(root).flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    if (file.endsWith('.yaml')) return strings(parse(source)).map(squash);
    const [, front = '', body = ''] = source.match(/^---\n([\s\S]*?)\n---\n?([\s\S]*)$/) ?? [];
    const plain = body.replace(/^#+\s*/gm, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_`]/g, '');
    return [...strings(parse(front)), ...plain.split(/\n\s*\n/)].map(squash);
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
  const templates = content.filter((value) => /\{\w+\}/.test(value)).map((value) => new RegExp(`^${value.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '.+?')}$`));
  for (const piece of content.flatMap((value) => value.split(/\{\w+\}/))) if (piece.trim()) exact.add(piece.trim());
  return (text) => exact.has(text) || templates.some((pattern) => pattern.test(text)) || (text.length >= FRAGMENT_MIN && content.some((value) => value.includes(text)));
}
