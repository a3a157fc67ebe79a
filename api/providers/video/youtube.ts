import { watchUrl, youtubeId } from '../../../src/lib/posts/video.ts';
import { SearchError } from '../search/index.ts';
import { plainText, VideoSearchRefused, type VideoCandidate, type VideoFinder } from './index.ts';

// The YouTube Data API v3: search.list (type=video, embeddable only) for candidates, then videos.list for what
// search does not say (length, whether the owner allows embedding now, public or not). Each search.list costs 100
// units of the default 10,000 a day, videos.list 1; quota and key errors are refusals (no retry helps), 429 and 5xx
// are retried by the run like any provider error.

interface YoutubeError {
  error?: {
    code?: number;
    message?: string;
    errors?: { reason?: string; message?: string }[];
    details?: { reason?: string }[];
  };
}

const REFUSALS: Record<string, string> = {
  quotaExceeded:
    "The project's daily YouTube Data API quota is used up; it resets at midnight Pacific time, or ask Google for more in the Cloud console.",
  dailyLimitExceeded:
    "The project's daily YouTube Data API quota is used up; it resets at midnight Pacific time, or ask Google for more in the Cloud console.",
  keyInvalid:
    'Check YOUTUBE_API_KEY: it must be an API key of a Google Cloud project with the YouTube Data API v3 enabled.',
  API_KEY_INVALID:
    'Check YOUTUBE_API_KEY: it must be an API key of a Google Cloud project with the YouTube Data API v3 enabled.',
  accessNotConfigured: 'Enable the YouTube Data API v3 for the Google Cloud project of YOUTUBE_API_KEY.',
  SERVICE_DISABLED: 'Enable the YouTube Data API v3 for the Google Cloud project of YOUTUBE_API_KEY.',
  forbidden: 'Check the restrictions of YOUTUBE_API_KEY in the Google Cloud console.',
  ipRefererBlocked: "Allow this server's address in the restrictions of YOUTUBE_API_KEY.",
  API_KEY_IP_ADDRESS_BLOCKED: "Allow this server's address in the restrictions of YOUTUBE_API_KEY.",
};

/** "PT1H2M3S" → 3723; "P0D" (a live stream) → 0; null when the text is not an ISO 8601 duration. */
export function isoDurationSeconds(text: string): number | null {
  const found = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(text);
  if (!found) return null;
  const [, days, hours, minutes, seconds] = found.map((part) => Number(part ?? 0));
  return (days ?? 0) * 86_400 + (hours ?? 0) * 3600 + (minutes ?? 0) * 60 + (seconds ?? 0);
}

/** A failed answer as the error the run should see: a refusal in YouTube's words, or a retryable SearchError. */
async function failure(response: Response): Promise<Error> {
  if (response.status === 429 || response.status >= 500)
    return new SearchError(`The YouTube Data API answered ${response.status}.`);
  const body = (await response.json().catch(() => ({}))) as YoutubeError;
  const reasons = [
    ...(body.error?.errors ?? []).map((error) => error.reason),
    ...(body.error?.details ?? []).map((detail) => detail.reason),
  ].filter((reason): reason is string => Boolean(reason));
  if (reasons.includes('rateLimitExceeded') || reasons.includes('userRateLimitExceeded'))
    return new SearchError(`The YouTube Data API answered ${response.status} (rate limited).`);
  const known = reasons.find((reason) => REFUSALS[reason]);
  const words = plainText(body.error?.message) || `HTTP ${response.status}`;
  const named = known ?? reasons[0] ?? String(response.status);
  const advice = known ? REFUSALS[known] : 'The post goes on without a video.';
  return new VideoSearchRefused(`YouTube refused the video search: "${words}" (${named}). ${advice}`);
}

/** The YouTube Data API as a video finder. */
export function youtubeVideos(settings: { base: string; key: string; timeoutMs: number }): VideoFinder {
  const base = settings.base.replace(/\/+$/, '');
  const get = async (path: string, params: Record<string, string>) => {
    const query = new URLSearchParams({ ...params, key: settings.key });
    const response = await fetch(`${base}/${path}?${query}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!response.ok) throw await failure(response);
    return (await response.json()) as any;
  };
  return {
    name: 'YouTube',
    async find({ query, limit, language, safeSearch }) {
      const found = await get('search', {
        part: 'snippet',
        type: 'video',
        videoEmbeddable: 'true',
        q: query,
        maxResults: String(Math.min(50, limit * 2)),
        relevanceLanguage: language,
        safeSearch,
      });
      const hits: VideoCandidate[] = [];
      for (const item of found.items ?? []) {
        const id = youtubeId(watchUrl(String(item?.id?.videoId ?? '')));
        // Live and upcoming broadcasts are no fit for an article.
        if (!id || (item.snippet?.liveBroadcastContent ?? 'none') !== 'none') continue;
        if (hits.some((hit) => hit.id === id)) continue;
        hits.push({
          id,
          title: plainText(item.snippet?.title),
          channel: plainText(item.snippet?.channelTitle),
          description: plainText(item.snippet?.description),
          duration_seconds: null,
          url: watchUrl(id),
        });
      }
      if (!hits.length) return [];
      const details = await get('videos', { part: 'contentDetails,status', id: hits.map((hit) => hit.id).join(',') });
      const byId = new Map<string, any>((details.items ?? []).map((item: any) => [String(item.id), item]));
      return hits
        .flatMap((hit) => {
          const item = byId.get(hit.id);
          const status = item?.status ?? {};
          // Gone since the search, private, not embeddable, or not processed: not offered.
          if (!item || status.embeddable === false || status.privacyStatus !== 'public') return [];
          if (status.uploadStatus && status.uploadStatus !== 'processed') return [];
          const seconds = isoDurationSeconds(String(item.contentDetails?.duration ?? ''));
          if (seconds === 0) return [];
          return [{ ...hit, duration_seconds: seconds }];
        })
        .slice(0, limit);
    },
  };
}
