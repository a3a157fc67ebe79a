import { PLAYER_ORIGIN } from '../../src/lib/posts/video.ts';
import { VIDEO_SCRIPT_HASH } from './render/body.ts';

/**
 * The blog's Content-Security-Policy: no script (a stored post can never run one), styles only by hash, images from
 * anywhere over https. A page with a video also allows exactly the player's script (by hash) and the
 * youtube-nocookie.com frame it makes on a click; nothing else.
 */
export function blogCsp(styleHashes: string[], options: { video?: boolean | undefined } = {}): string {
  return [
    "default-src 'none'",
    `style-src ${styleHashes.join(' ')}`,
    "img-src 'self' https: data:",
    // Nothing on the page fetches; crawlers' tools (Lighthouse's robots.txt check) load through the page's policy.
    "connect-src 'self'",
    ...(options.video ? [`script-src ${VIDEO_SCRIPT_HASH}`, `frame-src ${PLAYER_ORIGIN}`] : []),
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
