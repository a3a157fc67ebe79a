import { isbot } from 'isbot';

/** What the counter reads of one request for a blog page, taken from Node's request or Hono's. */
export interface VisitRequest {
  method: string;
  header: (name: string) => string | undefined;
  /** The reader's address (the TCP peer, or what a trusted proxy says); hashed with the day's salt, never kept. */
  client: string;
}

/** Why a request is not a page view a person made. */
export type NotCounted = 'head' | 'no_agent' | 'bot_agent' | 'no_language' | 'prefetch' | 'burst';

/** User agents judged so far: real traffic has few distinct ones, and the list's one big pattern is not free. */
const verdicts = new Map<string, boolean>();
const VERDICTS_KEPT = 5_000;

/** True for a user agent of the isbot list (crawlers, monitors, HTTP libraries, headless browsers, link previews). */
export function isBotAgent(agent: string): boolean {
  let bot = verdicts.get(agent);
  if (bot === undefined) {
    bot = isbot(agent);
    if (verdicts.size >= VERDICTS_KEPT) verdicts.clear();
    verdicts.set(agent, bot);
  }
  return bot;
}

/** Headers browsers send when they fetch a page ahead of a click (speculation rules, link prefetch, Safari's preview). */
export const AHEAD_HEADERS = ['sec-purpose', 'purpose', 'x-purpose', 'x-moz'];
const AHEAD = /prefetch|prerender|preview/i;

/**
 * Why the request is not a person's page view, judged from the request alone (the burst rule needs the reader's
 * history, see counter.ts); undefined when it may be one. HEAD reads no page; every browser sends a user agent and
 * Accept-Language on a navigation, which crawlers, monitors and HTTP libraries mostly do not; a prefetch may never be
 * seen.
 */
export function notAPageView(request: VisitRequest): NotCounted | undefined {
  return notAskedAsAPerson(request) ?? (isBotAgent(request.header('user-agent') ?? '') ? 'bot_agent' : undefined);
}

/**
 * notAPageView without the agent's bot verdict, for a caller that remembers the verdict with what else it knows of
 * the sender (the counter): the method, a user agent, a language and no prefetch.
 */
export function notAskedAsAPerson(request: VisitRequest): Exclude<NotCounted, 'bot_agent' | 'burst'> | undefined {
  if (request.method !== 'GET') return 'head';
  if (!request.header('user-agent')) return 'no_agent';
  if (!request.header('accept-language')) return 'no_language';
  for (const name of AHEAD_HEADERS) {
    const value = request.header(name);
    if (value && AHEAD.test(value)) return 'prefetch';
  }
  return undefined;
}

/**
 * The host a reader came from (Referer's host name, lower case, without `www.`), or '' for none, a reader moving
 * within the blog (the host it was asked on, or its custom domain), or anything that is not a web address. The full
 * address is never kept: its path and query can carry what identifies a person.
 */
export function referrerHost(referer: string | undefined, ownHost: string, domain: string | null = null): string {
  return referrerOf(refererHostName(referer), ownHost, domain);
}

/** The lower-case host name of a Referer that is a web address; '' for none or anything else. */
export function refererHostName(referer: string | undefined): string {
  if (!referer) return '';
  try {
    const url = new URL(referer);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return '';
    const host = url.hostname.toLowerCase();
    return host.length > 253 ? '' : host;
  } catch {
    return '';
  }
}

/** referrerHost from the Referer's host name (refererHostName). */
export function referrerOf(host: string, ownHost: string, domain: string | null): string {
  if (!host || host === ownHost.replace(/:\d+$/, '')) return '';
  const bare = host.startsWith('www.') ? host.slice(4) : host;
  return domain && (bare === domain || bare === domain.replace(/^www\./, '')) ? '' : bare;
}

/**
 * The reader's country from the first of `headers` that holds an ISO 3166-1 alpha-2 code (CF-IPCountry,
 * X-Country-Code, …); '' when none does. Cloudflare's XX (unknown) and T1 (Tor) are unknown.
 */
export function countryOf(header: (name: string) => string | undefined, headers: readonly string[]): string {
  for (const name of headers) {
    const value = header(name)?.trim().toUpperCase();
    if (value && /^[A-Z]{2}$/.test(value) && value !== 'XX') return value;
  }
  return '';
}
