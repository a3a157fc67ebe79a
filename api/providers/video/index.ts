import type { Config } from '../../config.ts';
import { searxngVideos } from './searxng.ts';
import { youtubeVideos } from './youtube.ts';

/** A video a post may embed, as the video block offers it (and keeps the others as the editor's candidates). */
export interface VideoCandidate {
  id: string;
  title: string;
  channel: string;
  description: string;
  /** Length in seconds, when the source says. */
  duration_seconds: number | null;
  url: string;
}

export interface VideoQuery {
  query: string;
  limit: number;
  /** ISO 639-1 code of the language results should be in (relevance, not a filter). */
  language: string;
  safeSearch: 'none' | 'moderate' | 'strict';
}

/** Where videos are found: the YouTube Data API, or a SearXNG instance's video results. */
export interface VideoFinder {
  name: 'YouTube' | 'SearXNG';
  find(query: VideoQuery): Promise<VideoCandidate[]>;
}

/**
 * A refusal no retry would change (quota used up, a bad key, a SearXNG without JSON): the video block is skipped
 * with these words, which are the source's own followed by what to do, and the post goes on without a video.
 */
export class VideoSearchRefused extends Error {}

type VideoConfig = Pick<
  Config,
  'YOUTUBE_API_KEY' | 'YOUTUBE_API_BASE_URL' | 'SEARCH_PROVIDER' | 'SEARCH_BASE_URL' | 'FETCH_TIMEOUT_MS'
>;

/** Why no video can be found with this configuration. */
export const NO_VIDEO_SOURCE =
  'No video source is configured (set YOUTUBE_API_KEY, or SEARCH_PROVIDER=searxng with SEARCH_BASE_URL), so no video was looked for.';

/** YouTube when a key is set, else SearXNG's video results when SearXNG is the search provider, else null. */
export function videoFinder(config: VideoConfig): VideoFinder | null {
  if (config.YOUTUBE_API_KEY)
    return youtubeVideos({
      base: config.YOUTUBE_API_BASE_URL,
      key: config.YOUTUBE_API_KEY,
      timeoutMs: config.FETCH_TIMEOUT_MS,
    });
  if (config.SEARCH_PROVIDER === 'searxng' && config.SEARCH_BASE_URL)
    return searxngVideos({ base: config.SEARCH_BASE_URL, timeoutMs: config.FETCH_TIMEOUT_MS });
  return null;
}

/** Text some sources send HTML-escaped (YouTube's titles: "Tom &amp; Jerry", "&#39;"), as plain text. */
export function plainText(text: unknown): string {
  return String(text ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
