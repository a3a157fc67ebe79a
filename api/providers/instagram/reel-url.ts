// Which addresses count as an Instagram Reel or post (spec §2.9, issue 5): the only URLs the transcriber accepts.

const HOSTS = new Set(['instagram.com', 'www.instagram.com', 'instagr.am']);
const PATH = /^\/(reel|reels|p|tv)\/([A-Za-z0-9_-]{5,64})\/?$/;

export const REEL_URL_MESSAGE =
  'Enter a public Instagram Reel or post URL, like https://www.instagram.com/reel/ABC123xyz/.';

export interface ReelRef {
  /** The shortcode from the URL, e.g. C9xYz12AbCd. */
  code: string;
  /** Path segment as Instagram serves it: reel, p or tv (/reels/ is the same as /reel/). */
  kind: 'reel' | 'p' | 'tv';
  /** The public address stored and linked to. */
  url: string;
}

/** Parses a pasted Reel/post URL; returns null for anything that is not one (other hosts, schemes, paths). */
export function parseReelUrl(input: string): ReelRef | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  if (!HOSTS.has(url.hostname.toLowerCase())) return null;
  const match = PATH.exec(url.pathname);
  const code = match?.[2];
  if (!match || !code) return null;
  const kind = match[1] === 'reels' ? 'reel' : (match[1] as ReelRef['kind']);
  return { code, kind, url: `https://www.instagram.com/${kind}/${code}/` };
}
