import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { slugFromTitle } from '../../../src/lib/posts/slug.ts';

/** Ids already given to headings of the post being rendered (each worker renders one post at a time). */
let headingIds = new Map<string, number>();

/** A heading's anchor: its text as a slug, "-2", "-3"… for repeats, so a table of contents can link to it. */
function headingId(innerHtml: string): string {
  const text = innerHtml
    .replace(/<[^>]*>/g, '')
    .replace(
      /&(amp|lt|gt|quot|#39);/g,
      (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '',
    );
  const base = slugFromTitle(text, 'section');
  const seen = headingIds.get(base) ?? 0;
  headingIds.set(base, seen + 1);
  return seen === 0 ? base : `${base}-${seen + 1}`;
}

const markdown = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  renderer: {
    heading({ tokens, depth }) {
      const inner = this.parser.parseInline(tokens);
      return `<h${depth} id="${headingId(inner)}">${inner}</h${depth}>\n`;
    },
  },
});

const HEADING_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** Headings keep an id only when it is a plain slug (anchors), never anything that could clobber page globals oddly. */
const keepSlugId = (tag: string, attribs: sanitizeHtml.Attributes) => {
  const { id, ...rest } = attribs;
  return { tagName: tag, attribs: id && HEADING_ID.test(id) ? { ...rest, id } : rest };
};

/** The only HTML a post may hold: text formatting, headings, lists, tables, code, quotes, links and images. */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'strong',
    'em',
    'del',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'figure',
    'figcaption',
    'sup',
    'sub',
    'input',
  ],
  allowedAttributes: {
    h1: ['id'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    h5: ['id'],
    h6: ['id'],
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
    code: ['class'],
    input: ['type', 'checked', 'disabled'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Only task-list checkboxes survive, and never as a live control.
  exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
  transformTags: {
    h1: keepSlugId,
    h2: keepSlugId,
    h3: keepSlugId,
    h4: keepSlugId,
    h5: keepSlugId,
    h6: keepSlugId,
    a: (tag, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return {
        tagName: tag,
        attribs: external ? { ...attribs, rel: 'noopener noreferrer nofollow ugc', target: '_blank' } : attribs,
      };
    },
    img: (tag, attribs) => ({ tagName: tag, attribs: { ...attribs, loading: 'lazy' } }),
    input: (tag, attribs) => ({ tagName: tag, attribs: { ...attribs, disabled: '' } }),
  },
};

/**
 * Markdown → sanitized HTML, synchronously: only the render worker (render-worker.ts) calls this, off the event
 * loop and within its time budget; everything else awaits renderPostHtml (render.ts).
 */
export function markdownToPostHtml(source: string): string {
  headingIds = new Map();
  return sanitizeHtml(markdown.parse(source) as string, POLICY);
}

/** Any HTML (an AI answer, a pasted fragment) cut down to the same policy as rendered markdown. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, POLICY);
}
