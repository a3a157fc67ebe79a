import type { Config } from '../../config.ts';

// The Search Console API calls Inkpilot makes, as Google answers them: sites.list (no `siteEntry` at all when the
// account has no property), sitemaps.submit (an empty 200), URL Inspection, Search Analytics (no `rows` when there is
// no data). Errors carry Google's own words and, for 429 RESOURCE_EXHAUSTED, whether a per-minute or per-day quota
// ran out. An expired access token (401) is renewed once and the call repeated.

const TIMEOUT_MS = 30_000;

/** A property of the signed-in Google account. */
export interface SiteEntry {
  siteUrl: string;
  permissionLevel: string;
}

/** What URL Inspection says of a page's index status (indexStatusResult). */
export interface IndexStatusResult {
  verdict?: string;
  coverageState?: string;
  indexingState?: string;
  lastCrawlTime?: string;
  pageFetchState?: string;
  googleCanonical?: string;
}

/** One row of a Search Analytics answer: the dimension values in `keys`, in the order asked. */
export interface AnalyticsRow {
  keys: string[];
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}

export interface AnalyticsQuery {
  startDate: string;
  endDate: string;
  dimensions: ('date' | 'page' | 'query')[];
  rowLimit: number;
  startRow: number;
}

/**
 * Google refused or failed a call. `quotaWindow` says which quota a 429 hit ('day' resets at midnight Pacific time,
 * 'minute' within a minute; null when Google did not say), `retryAfterSeconds` is its Retry-After when it sent one.
 */
export class GoogleApiError extends Error {
  readonly status: number;
  readonly reason: string | null;
  readonly googleStatus: string | null;
  readonly quotaWindow: 'minute' | 'day' | null;
  readonly retryAfterSeconds: number | null;
  constructor(
    message: string,
    details: {
      status: number;
      reason?: string | null;
      googleStatus?: string | null;
      quotaWindow?: 'minute' | 'day' | null;
      retryAfterSeconds?: number | null;
    },
  ) {
    super(message);
    this.status = details.status;
    this.reason = details.reason ?? null;
    this.googleStatus = details.googleStatus ?? null;
    this.quotaWindow = details.quotaWindow ?? null;
    this.retryAfterSeconds = details.retryAfterSeconds ?? null;
  }

  get rateLimited(): boolean {
    return this.status === 429 || this.googleStatus === 'RESOURCE_EXHAUSTED';
  }
}

/** Where a call gets its access token, and a fresh one after Google said the token expired. */
export interface AccessTokens {
  current(): Promise<string>;
  renew(): Promise<string>;
}

interface GoogleErrorBody {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    errors?: { reason?: string; message?: string }[];
    details?: { '@type'?: string; reason?: string; metadata?: Record<string, string> }[];
  };
}

/** The client of one connection (its tokens) against GOOGLE_SEARCH_CONSOLE_API_URL. */
export function searchConsoleClient(config: Pick<Config, 'GOOGLE_SEARCH_CONSOLE_API_URL'>, tokens: AccessTokens) {
  const base = config.GOOGLE_SEARCH_CONSOLE_API_URL.replace(/\/+$/, '');
  const site = (siteUrl: string) => `${base}/webmasters/v3/sites/${encodeURIComponent(siteUrl)}`;

  async function call(method: string, url: string, body?: unknown): Promise<unknown> {
    let response = await send(method, url, await tokens.current(), body);
    if (response.status === 401) response = await send(method, url, await tokens.renew(), body);
    if (!response.ok) throw await failure(response);
    const text = await response.text();
    return text ? JSON.parse(text) : {};
  }

  return {
    /** sites.list: every property the account can see (none: an empty list). */
    async listSites(): Promise<SiteEntry[]> {
      const answer = (await call('GET', `${base}/webmasters/v3/sites`)) as { siteEntry?: SiteEntry[] };
      return answer.siteEntry ?? [];
    },
    /** sitemaps.submit: asks Google to read the sitemap at `feedpath` for the property. */
    async submitSitemap(siteUrl: string, feedpath: string): Promise<void> {
      await call('PUT', `${site(siteUrl)}/sitemaps/${encodeURIComponent(feedpath)}`);
    },
    /** urlInspection.index.inspect: what Google's index says of one page of the property. */
    async inspectUrl(siteUrl: string, url: string): Promise<IndexStatusResult> {
      const answer = (await call('POST', `${base}/v1/urlInspection/index:inspect`, {
        inspectionUrl: url,
        siteUrl,
        languageCode: 'en-US',
      })) as { inspectionResult?: { indexStatusResult?: IndexStatusResult } };
      return answer.inspectionResult?.indexStatusResult ?? {};
    },
    /** searchAnalytics.query: one page of rows (none when Google has no data for the range). */
    async searchAnalytics(siteUrl: string, query: AnalyticsQuery): Promise<AnalyticsRow[]> {
      const answer = (await call('POST', `${site(siteUrl)}/searchAnalytics/query`, {
        ...query,
        type: 'web',
        dataState: 'final',
      })) as { rows?: AnalyticsRow[] };
      return answer.rows ?? [];
    },
  };
}

export type SearchConsoleClient = ReturnType<typeof searchConsoleClient>;

async function send(method: string, url: string, token: string, body: unknown): Promise<Response> {
  try {
    return await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    throw new GoogleApiError(
      timedOut ? 'Search Console did not answer in time.' : 'Search Console could not be reached.',
      { status: 0 },
    );
  }
}

/** A failed answer as a GoogleApiError in Google's words. */
async function failure(response: Response): Promise<GoogleApiError> {
  const body = (await response.json().catch(() => ({}))) as GoogleErrorBody;
  const error = body.error ?? {};
  const reason =
    error.details?.find((detail) => detail['@type']?.endsWith('ErrorInfo'))?.reason ??
    error.errors?.[0]?.reason ??
    null;
  const words = [
    error.message ?? '',
    ...(error.details ?? []).flatMap((detail) => Object.values(detail.metadata ?? {})),
  ]
    .join(' ')
    .toLowerCase();
  const quotaWindow = /per ?day|daily/.test(words) ? 'day' : /per ?minute/.test(words) ? 'minute' : null;
  const retryAfter = Number(response.headers.get('retry-after'));
  return new GoogleApiError(error.message ?? `Search Console answered HTTP ${response.status}.`, {
    status: response.status,
    reason,
    googleStatus: error.status ?? null,
    quotaWindow: response.status === 429 || error.status === 'RESOURCE_EXHAUSTED' ? quotaWindow : null,
    retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  });
}
