import { watchUrl, youtubeId } from '../../../src/lib/posts/video.ts';
import { SearchError } from '../search/index.ts';
import { plainText, VideoSearchRefused, type VideoCandidate, type VideoFinder } from './index.ts';

const SAFE_SEARCH = { none: '0', moderate: '1', strict: '2' } as const;

/** "1:02:03", "4:13", "253" or a number of seconds → seconds; null when the length is missing or unreadable. */
export function lengthSeconds(length: unknown): number | null {
  if (typeof length === 'number' && Number.isFinite(length)) return Math.round(length);
  const text = String(length ?? '').trim();
  if (!/^\d+(:\d{1,2}){0,2}(\.\d+)?$/.test(text)) return null;
  return text.split(':').reduce((total, part) => total * 60 + Math.round(Number(part)), 0);
}

/**
 * SearXNG's video results (categories=videos) as a video finder: only YouTube results are offered, since the blog
 * embeds only YouTube's privacy-enhanced player; other engines' videos (Vimeo, PeerTube, ...) are left out.
 */
export function searxngVideos(settings: { base: string; timeoutMs: number }): VideoFinder {
  const base = settings.base.replace(/\/+$/, '');
  return {
    name: 'SearXNG',
    async find({ query, limit, language, safeSearch }) {
      const params = new URLSearchParams({
        q: query,
        format: 'json',
        categories: 'videos',
        language,
        safesearch: SAFE_SEARCH[safeSearch],
      });
      const response = await fetch(`${base}/search?${params}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      // SearXNG answers 403 when JSON is not among its search.formats: a setting, not a passing fault.
      if (response.status === 403)
        throw new VideoSearchRefused(
          'SearXNG refused the video search (403). Add json to search.formats in its settings.yml.',
        );
      if (!response.ok) throw new SearchError(`The SearXNG video search answered ${response.status}.`);
      const body = (await response.json()) as { results?: any[] };
      const hits: VideoCandidate[] = [];
      for (const result of body.results ?? []) {
        const id = youtubeId(String(result?.url ?? '')) ?? youtubeId(String(result?.iframe_src ?? ''));
        if (!id || hits.some((hit) => hit.id === id)) continue;
        hits.push({
          id,
          title: plainText(result.title),
          channel: plainText(result.author),
          description: plainText(result.content),
          duration_seconds: lengthSeconds(result.length),
          url: watchUrl(id),
        });
        if (hits.length >= limit) break;
      }
      return hits;
    },
  };
}
