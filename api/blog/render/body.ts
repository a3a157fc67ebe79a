import { createHash } from 'node:crypto';

/** Stored post HTML is sanitized on save (api/services/posts/render.ts); these steps only add to its known shape. */

const IMG = /<img\b([^>]*?)\s*\/?>/g;

/** Every body image gets lazy loading, async decoding and a width and height (a 16:9 box when the post gave none). */
export function sizeImages(html: string): string {
  return html.replace(IMG, (_tag, attributes: string) => {
    let attrs = attributes;
    if (!/\swidth="/.test(attrs)) attrs += ' width="1200"';
    if (!/\sheight="/.test(attrs)) attrs += ' height="675"';
    if (!/\sloading="/.test(attrs)) attrs += ' loading="lazy"';
    return `<img${attrs} decoding="async">`;
  });
}

/** The inline style of a video's poster frame (its hash is allowed by the blog's CSP; a srcdoc frame inherits it). */
export const VIDEO_POSTER_STYLE =
  'html,body{margin:0;height:100%;background:#000}a{display:flex;align-items:center;justify-content:center;height:100%;color:#fff;font:600 18px system-ui,sans-serif;text-decoration:none}span{background:#c00;border-radius:12px;padding:12px 20px}';

/** The CSP source for VIDEO_POSTER_STYLE. */
export const VIDEO_POSTER_STYLE_HASH = `'sha256-${createHash('sha256').update(VIDEO_POSTER_STYLE).digest('base64')}'`;

/** Where a video link plays, when it is one we embed. */
export function videoEmbedUrl(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^www\.|^m\./, '');
  let id: string | null = null;
  if (host === 'youtube.com' && url.pathname === '/watch') id = url.searchParams.get('v');
  else if (host === 'youtu.be') id = url.pathname.slice(1);
  else if (host === 'youtube.com' && url.pathname.startsWith('/shorts/')) id = url.pathname.slice('/shorts/'.length);
  if (id !== null) return /^[\w-]{11}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=1` : null;
  if (host === 'vimeo.com' && /^\/\d{1,12}$/.test(url.pathname))
    return `https://player.vimeo.com/video/${url.pathname.slice(1)}?autoplay=1`;
  return null;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescapeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const VIDEO_PARAGRAPH = /<p><a href="([^"]+)"[^>]*>([^<]*)<\/a><\/p>/g;

/**
 * A paragraph that is only a YouTube or Vimeo link becomes a click-to-load player: a frame showing a local poster
 * (srcdoc) whose link navigates the frame to the player, so nothing of the video site loads before the click and
 * the page needs no script.
 */
export function embedVideos(html: string): string {
  return html.replace(VIDEO_PARAGRAPH, (paragraph, href: string, text: string) => {
    const embed = videoEmbedUrl(unescapeEntities(href));
    if (!embed) return paragraph;
    const label = unescapeEntities(text).trim() || 'video';
    const poster = `<!doctype html><style>${VIDEO_POSTER_STYLE}</style><a href="${escapeAttribute(embed)}"><span>▶ Play: ${escapeAttribute(label)}</span></a>`;
    return `<figure class="video"><iframe title="Video: ${escapeAttribute(label)}" width="560" height="315" loading="lazy" allow="autoplay; encrypted-media; picture-in-picture; fullscreen" srcdoc="${escapeAttribute(poster)}"></iframe><figcaption><a href="${href}" rel="noopener noreferrer nofollow ugc" target="_blank">${text}</a></figcaption></figure>`;
  });
}
