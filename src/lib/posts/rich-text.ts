// The rich-text editor's markdown (issue 27): one list of Tiptap extensions, used by the editor in the browser and by
// the unit tests, and the check that decides whether a post may be edited as rich text at all. The editor stores
// markdown; a post is only shown as rich text when the markdown it would write back renders exactly as the post's own
// does, so switching modes or typing never silently changes what the blog shows.
import { type AnyExtension, getSchema, type JSONContent } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { MarkdownManager } from '@tiptap/markdown';
import { Node, type Schema } from '@tiptap/pm/model';
import StarterKit from '@tiptap/starter-kit';
import { Marked } from 'marked';

/** Headings the toolbar and the keyboard make; the post's title is its H1, so the body starts at H2. */
export const TOOLBAR_HEADINGS = [2, 3, 4] as const;

const RELATIVE = /^(\/(?!\/)|\.{1,2}\/|#|\?)/;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** Whether a link may go into a post: http(s), mailto, or an address relative to the blog. */
export function allowedHref(href: string): boolean {
  const value = href.trim();
  if (!value || /\s/.test(value)) return false;
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme) return scheme === 'http' || scheme === 'https' || scheme === 'mailto';
  return RELATIVE.test(value) || /^[\w.-]+(\/|$)/.test(value);
}

/** Whether an image address may go into a post: http(s), or the app's own media. */
export function allowedImageSrc(src: string): boolean {
  const value = src.trim();
  return /^https?:\/\/[^\s]+$/i.test(value) || /^\/api\/media\/[^\s]+$/.test(value);
}

/**
 * The editor's extensions. Headings parse at every level (a post may hold an H5), the toolbar makes H2–H4; images are
 * inline, as markdown's are, so an image inside a paragraph stays there; underline is off (markdown has none).
 */
export function richTextExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({
      underline: false,
      link: {
        openOnClick: false,
        autolink: false,
        linkOnPaste: false,
        protocols: ['mailto'],
        isAllowedUri: (url) => allowedHref(url),
      },
    }),
    TableKit.configure({ table: { resizable: false } }),
    Image.configure({ inline: true }),
  ];
}

let schema: Schema | null = null;
/** The editor's document schema, made once. */
const editorSchema = (): Schema => {
  schema ??= getSchema(richTextExtensions());
  return schema;
};

let manager: MarkdownManager | null = null;
/** The parser and writer of the editor's markdown, made once. */
export function markdownManager(): MarkdownManager {
  manager ??= new MarkdownManager({ extensions: richTextExtensions() });
  return manager;
}

/** Nodes that hold blocks: an inline node put straight into one (an image alone in its paragraph) gets a paragraph. */
const BLOCK_HOLDERS = new Set(['doc', 'blockquote', 'listItem', 'tableCell', 'tableHeader']);
const INLINE = new Set(['text', 'image', 'hardBreak']);

function wrapInline(node: JSONContent): JSONContent {
  if (!node.content && !BLOCK_HOLDERS.has(node.type ?? '')) return node;
  const content = (node.content ?? []).map(wrapInline);
  if (!BLOCK_HOLDERS.has(node.type ?? '')) return { ...node, content };
  const blocks: JSONContent[] = [];
  for (const child of content) {
    if (!INLINE.has(child.type ?? '')) blocks.push(child);
    else {
      const last = blocks.at(-1);
      if (last?.type === 'paragraph' && last.attrs?.wrapped) last.content!.push(child);
      else blocks.push({ type: 'paragraph', attrs: { wrapped: true }, content: [child] });
    }
  }
  for (const block of blocks) if (block.attrs?.wrapped) delete block.attrs;
  // An empty post (or cell) is one empty paragraph, where the writer starts typing.
  if (blocks.length === 0) blocks.push({ type: 'paragraph' });
  return { ...node, content: blocks };
}

/** The editor's document for a post's markdown. */
export const markdownToDoc = (markdown: string): JSONContent => wrapInline(markdownManager().parse(markdown));

/** The markdown the editor writes for its document. */
export const docToMarkdown = (doc: JSONContent): string => markdownManager().serialize(doc);

// The server's renderer with the server's options (api/services/posts/markdown.ts), without the sanitizing and
// heading ids that depend only on the rendered HTML: equal HTML here is an equal post on the blog.
const renderer = new Marked({ gfm: true, breaks: false, async: false });
const render = (markdown: string) => (renderer.parse(markdown) as string).replace(/\n+/g, '\n').trim();

export type RichTextFit = { ok: true; markdown: string } | { ok: false; reason: string };

/**
 * Whether the post can be edited as rich text: its markdown read into the editor and written back renders as the
 * original does. `markdown` is what the editor would write (only used once the writer changes something).
 */
export function richTextFit(markdown: string): RichTextFit {
  let written: string;
  try {
    const doc = markdownToDoc(markdown);
    // A document the schema does not allow would break the editor at its first change.
    Node.fromJSON(editorSchema(), doc).check();
    written = docToMarkdown(doc);
  } catch {
    return { ok: false, reason: 'The rich-text editor could not read this markdown.' };
  }
  if (render(written) === render(markdown)) return { ok: true, markdown: written };
  return { ok: false, reason: unfitReason(markdown) };
}

/** In words a writer understands, what in the markdown the rich-text editor cannot keep as it is. */
function unfitReason(markdown: string): string {
  if (/<\/?[a-z][^>]*>/i.test(markdown)) return 'It holds HTML, which the rich-text editor would not keep as it is.';
  if (/\[\^[^\]]+\]/.test(markdown))
    return 'It holds footnotes, which the rich-text editor would not keep as they are.';
  return 'Part of its markdown would be written differently by the rich-text editor.';
}
