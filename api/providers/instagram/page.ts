// Reads what the transcriber needs from a public post page's Open Graph tags.

export interface PostPage {
  title: string;
  caption: string;
  tags: string[];
  mediaUrl: string | null;
  thumbnailUrl: string | null;
}

const MAX_TITLE = 200;
const MAX_TAGS = 30;

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Every <meta property|name=… content=…> of a page, keyed by property (first one wins). */
function metaTags(html: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const key = /\b(?:property|name)\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1]?.toLowerCase();
    const content = /\bcontent\s*=\s*"([^"]*)"|\bcontent\s*=\s*'([^']*)'/i.exec(tag);
    if (!key || !content || found.has(key)) continue;
    found.set(key, decodeEntities(content[1] ?? content[2] ?? ''));
  }
  return found;
}

/** Hashtags of a caption, lowercase, without '#', first use order, at most 30. */
export function hashtags(text: string): string[] {
  const tags = new Set<string>();
  for (const [, tag = ''] of text.matchAll(/#([\p{L}\p{N}_]+)/gu)) {
    if (tags.size >= MAX_TAGS) break;
    tags.add(tag.toLowerCase().slice(0, 100));
  }
  return [...tags];
}

function httpUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The title, caption, hashtags, video and thumbnail advertised by a post page. */
export function readPostPage(html: string, pageUrl: string): PostPage {
  const meta = metaTags(html);
  const title = (meta.get('og:title') ?? meta.get('twitter:title') ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_TITLE);
  const caption = (meta.get('og:description') ?? meta.get('description') ?? '').trim();
  const absolute = (value: string | undefined) => httpUrl(value ? new URL(value, pageUrl).href : undefined);
  return {
    title,
    caption,
    tags: hashtags(`${title} ${caption}`),
    mediaUrl: absolute(meta.get('og:video:secure_url') ?? meta.get('og:video') ?? meta.get('og:video:url')),
    thumbnailUrl: absolute(meta.get('og:image')),
  };
}
