import sanitizeHtml from 'sanitize-html';

/** The only script an embed may load: Instagram's official embed script. */
export const EMBED_SCRIPT = 'https://www.instagram.com/embed.js';

const INSTAGRAM_LINK = /^https:\/\/(www\.)?instagram\.com\//;

/** Allowlist: the blockquote markup of Instagram's embed and its script tag, nothing else. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['blockquote', 'div', 'p', 'a', 'span', 'script'],
  allowedAttributes: {
    blockquote: ['class', 'data-instgrm-permalink', 'data-instgrm-version', 'data-instgrm-captioned'],
    a: ['href', 'target', 'rel'],
    script: ['src', 'async'],
  },
  allowedClasses: { blockquote: ['instagram-media'] },
  allowedSchemes: ['https'],
  allowVulnerableTags: true,
  nonTextTags: ['style', 'textarea', 'option', 'noscript'],
  exclusiveFilter: (frame) => {
    if (frame.tag === 'script') return frame.attribs.src !== EMBED_SCRIPT || frame.text.trim() !== '';
    if (frame.tag === 'a') return !INSTAGRAM_LINK.test(frame.attribs.href ?? '');
    if (frame.tag === 'blockquote') return !INSTAGRAM_LINK.test(frame.attribs['data-instgrm-permalink'] ?? '');
    return false;
  },
};

/** Sanitizes third-party embed HTML down to the Instagram embed markup; anything else is dropped. */
export function sanitizeEmbed(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The official embed (blockquote + embed.js) for a public post, already passed through the sanitizer. */
export function buildEmbed(permalink: string): string {
  const href = permalink.replace(/"/g, '');
  return sanitizeEmbed(
    `<blockquote class="instagram-media" data-instgrm-permalink="${href}" data-instgrm-version="14">` +
      `<a href="${href}" target="_blank" rel="noopener noreferrer">View this post on Instagram</a></blockquote>` +
      `<script async src="${EMBED_SCRIPT}"></script>`,
  );
}
