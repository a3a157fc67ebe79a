import { VIDEO_POSTER_STYLE_HASH } from './render/body.ts';

/** Players a click-to-load video may open in its frame. */
const VIDEO_FRAMES = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/**
 * The blog's Content-Security-Policy: no script at all (the pages have none; a stored post can never run one),
 * styles only by hash, images from anywhere over https, frames only for the video players.
 */
export function blogCsp(styleHashes: string[]): string {
  return [
    "default-src 'none'",
    `style-src ${[...styleHashes, VIDEO_POSTER_STYLE_HASH].join(' ')}`,
    "img-src 'self' https: data:",
    // Nothing on the page fetches; crawlers' tools (Lighthouse's robots.txt check) load through the page's policy.
    "connect-src 'self'",
    `frame-src ${VIDEO_FRAMES.join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** How long browsers and CDNs may keep a page, and serve it stale while they fetch the new one. */
export const PAGE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=86400';
/** Media bytes never change under an id. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Headers every blog answer carries: no sniffing, no full referrers; never a cookie. */
export const BLOG_BASE_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};
