import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const markdown = new Marked({ gfm: true, breaks: false, async: false });

/** The only HTML a post may hold: text formatting, headings, lists, tables, code, quotes, links and images. */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'strong', 'em', 'del', 's', 'code', 'pre', 'blockquote',
    'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'figure', 'figcaption', 'sup', 'sub',
    'input',
  ],
  allowedAttributes: {
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
    a: (tag, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return { tagName: tag, attribs: external ? { ...attribs, rel: 'noopener noreferrer nofollow ugc', target: '_blank' } : attribs };
    },
    img: (tag, attribs) => ({ tagName: tag, attribs: { ...attribs, loading: 'lazy' } }),
    input: (tag, attribs) => ({ tagName: tag, attribs: { ...attribs, disabled: '' } }),
  },
};

/**
 * Markdown → the HTML a post stores and the hosted blog serves. Rendering and sanitizing happen here, on the server,
 * once per save, so nothing downstream (editor preview, blog, feed) ever trusts the author's raw HTML.
 */
export function renderPostHtml(source: string): string {
  return sanitizeHtml(markdown.parse(source) as string, POLICY);
}

/** Any HTML (an AI answer, a pasted fragment) cut down to the same policy as rendered markdown. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, POLICY);
}
