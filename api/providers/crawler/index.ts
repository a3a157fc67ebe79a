import robotsParser from 'robots-parser';
import { safeFetch, SafeFetchError, type SafeFetchOptions } from '../safe-fetch/index.ts';
import { extractPage, type CrawledPage } from './extract.ts';

export type { CrawledPage } from './extract.ts';

export const MAX_EXTRA_PAGES = 10;
const USER_AGENT = 'InkpilotBot';
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
 * through the guarded fetch (private addresses refused, HTML only, size and time caps).
 */
export async function crawlSite(startUrl: string, options: CrawlOptions): Promise<CrawledPage[]> {
  const fetchOptions = (maxBytes: number): SafeFetchOptions => ({
    maxBytes,
    timeoutMs: options.timeoutMs,
    allowLoopback: options.allowLoopback,
    headers: { 'user-agent': `${USER_AGENT}/1.0 (+https://inkpilot.app)` },
  });
  await options.onProgress?.({ stage: 'fetching', url: startUrl });

  // robots.txt first, so not even the homepage is fetched when the site forbids it.
  let robots = await readRobots(new URL(startUrl).origin, fetchOptions(256 * 1024));
  if (!allowedBy(robots, startUrl)) throw new CrawlError('robots.txt does not allow reading this site.');
  const home = await fetchHtml(startUrl, fetchOptions(PAGE_MAX_BYTES)).catch((error: unknown) => {
    if (error instanceof SafeFetchError)
      throw new CrawlError(error.message, error.reason === 'blocked' || error.reason === 'bad_url');
    throw error;
  });
  if (!home) throw new CrawlError('The homepage is not an HTML page.');
  const origin = new URL(home.url).origin;
  if (origin !== new URL(startUrl).origin) robots = await readRobots(origin, fetchOptions(256 * 1024)); // redirected elsewhere
  const allowed = (url: string) => allowedBy(robots, url);
  if (!allowed(home.url)) throw new CrawlError('robots.txt does not allow reading this site.');

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
    if (page) pages.push(extractPage(page.html, page.url).page);
    await options.onProgress?.({ stage: 'reading', done: pages.length, total: targets.length + 1 });
  }
  return pages;
}

type Robots = ReturnType<typeof robotsParser>;

/** The origin's robots.txt; a missing or unreadable one allows everything. */
async function readRobots(origin: string, options: SafeFetchOptions): Promise<Robots> {
  const url = `${origin}/robots.txt`;
  const text = await safeFetch(url, options)
    .then((response) => (response.status === 200 ? response.body.toString('utf8') : ''))
    .catch((error: unknown) => {
      // A refused address is the crawl's failure, not a missing robots.txt.
      if (error instanceof SafeFetchError && (error.reason === 'blocked' || error.reason === 'bad_url'))
        throw new CrawlError(error.message, true);
      return '';
    });
  return robotsParser(url, text);
}

function allowedBy(robots: Robots, url: string): boolean {
  return robots.isAllowed(url, USER_AGENT) !== false;
}

/** GET one page; null when it is not a 200 HTML answer. */
async function fetchHtml(url: string, options: SafeFetchOptions): Promise<{ url: string; html: string } | null> {
  const response = await safeFetch(url, {
    ...options,
    headers: { ...options.headers, accept: 'text/html,application/xhtml+xml' },
  });
  if (response.status !== 200 || !/^(text\/html|application\/xhtml\+xml)/i.test(response.contentType)) return null;
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
