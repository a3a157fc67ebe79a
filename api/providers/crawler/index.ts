import robotsParser from 'robots-parser';
import { safeFetch, SafeFetchError, type SafeFetchOptions } from '../safe-fetch/index.ts';
import { extractPage, type CrawledPage } from './extract.ts';
import { meansUnreachable, notHtmlReason, ROBOTS_FORBID, unreachableReason } from './reasons.ts';

export type { CrawledPage } from './extract.ts';
export { siteNameOf } from './site-name.ts';

export const MAX_EXTRA_PAGES = 10;
/**
 * How long reaching a site may take (robots.txt and the homepage together): an unreachable site fails with its
 * reason while the user still watches, within the first status checks, instead of after two full fetch timeouts.
 */
export const REACH_TIMEOUT_MS = 10_000;
export const USER_AGENT = 'InkpilotBot';
const PAGE_MAX_BYTES = 2 * 1024 * 1024;
const SITEMAP_MAX_BYTES = 1024 * 1024;

export interface CrawlOptions {
  timeoutMs: number;
  allowLoopback: boolean;
  /** Told before each stage so a task can show where it is. */
  onProgress?: (
    event: { stage: 'fetching'; url: string } | { stage: 'reading'; done: number; total: number },
  ) => Promise<void> | void;
}

/** Why a crawl produced nothing usable (the homepage could not be read). */
export class CrawlError extends Error {
  readonly blocked: boolean;
  constructor(message: string, blocked = false) {
    super(message);
    this.blocked = blocked;
  }
}

/**
 * The homepage plus up to 10 internal pages found from its links and the sitemap, each allowed by robots.txt, all
 * through the guarded fetch (private addresses refused, HTML only, size and time caps). Reaching the site (robots.txt
 * and the homepage) has REACH_TIMEOUT_MS in all; a site that cannot be reached or read fails with a CrawlError whose
 * message says why (could not connect, timed out, robots.txt forbids it, not HTML).
 */
export async function crawlSite(startUrl: string, options: CrawlOptions): Promise<CrawledPage[]> {
  const fetchOptions = (maxBytes: number, timeoutMs = options.timeoutMs): SafeFetchOptions => ({
    maxBytes,
    timeoutMs,
    allowLoopback: options.allowLoopback,
    headers: { 'user-agent': `${USER_AGENT}/1.0 (+https://inkpilot.app)` },
  });
  await options.onProgress?.({ stage: 'fetching', url: startUrl });
  const reachMs = Math.min(options.timeoutMs, REACH_TIMEOUT_MS);
  const reachBy = Date.now() + reachMs;
  const reachOptions = (maxBytes: number) => fetchOptions(maxBytes, Math.max(1, reachBy - Date.now()));
  const host = new URL(startUrl).host;
  const unreachable = (error: unknown): never => {
    if (!(error instanceof SafeFetchError)) throw error;
    throw new CrawlError(
      unreachableReason(error, host, Math.round(reachMs / 1000)),
      error.reason === 'blocked' || error.reason === 'bad_url',
    );
  };

  // robots.txt first, so not even the homepage is fetched when the site forbids it.
  let robots = await readRobots(new URL(startUrl).origin, reachOptions(256 * 1024)).catch(unreachable);
  if (!allowedBy(robots, startUrl)) throw new CrawlError(ROBOTS_FORBID);
  const answer = await fetchHtml(startUrl, reachOptions(PAGE_MAX_BYTES)).catch(unreachable);
  if ('problem' in answer) throw new CrawlError(answer.problem);
  const home = answer;
  const origin = new URL(home.url).origin;
  if (origin !== new URL(startUrl).origin)
    robots = await readRobots(origin, fetchOptions(256 * 1024)).catch(() => robots); // redirected elsewhere
  const allowed = (url: string) => allowedBy(robots, url);
  if (!allowed(home.url)) throw new CrawlError(ROBOTS_FORBID);

  const first = extractPage(home.html, home.url);
  const sitemapUrls = robots.getSitemaps().length ? robots.getSitemaps() : [`${origin}/sitemap.xml`];
  const fromSitemaps: string[] = [];
  for (const sitemap of sitemapUrls.slice(0, 3))
    fromSitemaps.push(...(await readSitemap(sitemap, origin, fetchOptions(SITEMAP_MAX_BYTES))));

  const seen = new Set([normalise(home.url), normalise(startUrl)]);
  const queue: string[] = [];
  for (const link of [...first.links, ...fromSitemaps]) {
    const url = internal(link, origin);
    if (!url || seen.has(url) || !allowed(url)) continue;
    seen.add(url);
    queue.push(url);
  }
  const targets = queue.slice(0, MAX_EXTRA_PAGES);
  const pages: CrawledPage[] = [first.page];
  await options.onProgress?.({ stage: 'reading', done: 1, total: targets.length + 1 });
  for (const target of targets) {
    const page = await fetchHtml(target, fetchOptions(PAGE_MAX_BYTES)).catch(() => null); // one bad page does not sink the crawl
    if (page && !('problem' in page)) pages.push(extractPage(page.html, page.url).page);
    await options.onProgress?.({ stage: 'reading', done: pages.length, total: targets.length + 1 });
  }
  return pages;
}

type Robots = ReturnType<typeof robotsParser>;

/**
 * The origin's robots.txt; a missing or unreadable one allows everything. A refused address, or a site that cannot
 * be reached at all, rejects with the fetch's error: the homepage on the same origin would only fail the same way.
 */
export async function readRobots(origin: string, options: SafeFetchOptions): Promise<Robots> {
  const url = `${origin}/robots.txt`;
  const text = await safeFetch(url, options)
    .then((response) => (response.status === 200 ? response.body.toString('utf8') : ''))
    .catch((error: unknown) => {
      if (
        error instanceof SafeFetchError &&
        (error.reason === 'blocked' || error.reason === 'bad_url' || meansUnreachable(error))
      )
        throw error;
      return '';
    });
  return robotsParser(url, text);
}

/** Whether robots.txt lets InkpilotBot read the address. */
export function allowedBy(robots: Robots, url: string): boolean {
  return robots.isAllowed(url, USER_AGENT) !== false;
}

/** GET one page: its HTML, or what is wrong with it when it is not a 200 HTML answer. */
async function fetchHtml(
  url: string,
  options: SafeFetchOptions,
): Promise<{ url: string; html: string } | { problem: string }> {
  const response = await safeFetch(url, {
    ...options,
    headers: { ...options.headers, accept: 'text/html,application/xhtml+xml' },
  });
  if (response.status !== 200 || !/^(text\/html|application\/xhtml\+xml)/i.test(response.contentType))
    return { problem: notHtmlReason(response.status, response.contentType) };
  return { url: response.url, html: response.body.toString('utf8') };
}

/** The page URLs a sitemap lists on this origin (a sitemap index is followed one level). */
async function readSitemap(url: string, origin: string, options: SafeFetchOptions, depth = 0): Promise<string[]> {
  const response = await safeFetch(url, options).catch(() => null);
  if (!response || response.status !== 200) return [];
  const xml = response.body.toString('utf8');
  const locations = [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/gi)].map((match) => decodeXml(match[1] ?? ''));
  if (/<sitemapindex/i.test(xml) && depth === 0) {
    const nested = await Promise.all(
      locations
        .filter((loc) => internal(loc, origin))
        .slice(0, 3)
        .map((loc) => readSitemap(loc, origin, options, 1)),
    );
    return nested.flat();
  }
  return locations;
}

const SKIPPED = /\.(?:pdf|jpe?g|png|gif|webp|svg|zip|mp4|mp3|css|js|xml|txt|ico)$/i;

/** The link as a crawlable URL of this origin (no fragment, no files), else null. */
function internal(link: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(link, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || SKIPPED.test(url.pathname)) return null;
  return normalise(url.href);
}

function normalise(href: string): string {
  const url = new URL(href);
  url.hash = '';
  return url.href;
}

function decodeXml(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");
}
