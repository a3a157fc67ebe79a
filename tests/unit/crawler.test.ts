import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlSite, CrawlError, siteNameOf } from '../../api/providers/crawler/index.ts';
import type { CrawledPage } from '../../api/providers/crawler/extract.ts';
import { listen } from '../fixtures/listen.mjs';

let site: { origin: string; stop: () => Promise<unknown> };
const requested: string[] = [];
const page = (title: string, links: string[] = []) =>
  `<html lang="en"><head><title>${title}</title></head><body>${links.map((href) => `<a href="${href}">${href}</a>`).join(' ')}<p>Text of ${title} that is long enough to read as the main content of this page.</p></body></html>`;

beforeAll(async () => {
  const app = new Hono();
  app.use('*', async (c, next) => {
    requested.push(c.req.path);
    await next();
  });
  // /wide: a homepage linking 15 pages (plus a file, an outside link and itself).
  const many = Array.from({ length: 15 }, (_, index) => `/wide/p${index}`);
  app.get('/wide', (c) => c.html(page('Wide', [...many, '/wide/file.pdf', 'https://elsewhere.example/', '/wide#top'])));
  app.get('/wide/:page', (c) => c.html(page(c.req.param('page'))));
  app.get('/json', (c) => c.json({ not: 'html' }));
  app.get('/robots.txt', (c) => c.text('User-agent: *\nDisallow: /closed\n'));
  app.get('/closed', (c) => c.html(page('Closed')));
  site = await listen(app);
});
afterAll(async () => site.stop());

const options = { timeoutMs: 5000, allowLoopback: true };

describe('crawlSite', () => {
  it('reads the homepage and at most 10 internal pages, skipping files and other sites', async () => {
    const pages = await crawlSite(`${site.origin}/wide`, options);

    expect(pages).toHaveLength(11);
    expect(pages[0]!.title).toBe('Wide');
    expect(pages.slice(1).map((entry) => entry.title)).toEqual(Array.from({ length: 10 }, (_, index) => `p${index}`));
    expect(requested).not.toContain('/wide/file.pdf');
  });

  it('fails when the homepage is not HTML, saying what it is', async () => {
    const failure = crawlSite(`${site.origin}/json`, options);
    await expect(failure).rejects.toBeInstanceOf(CrawlError);
    await expect(failure).rejects.toThrow('The homepage is not an HTML page (it is application/json).');
  });

  it('fails when the homepage answers an error status, naming it', async () => {
    await expect(crawlSite(`${site.origin}/missing`, options)).rejects.toThrow(
      'The homepage answered HTTP 404 instead of a page.',
    );
  });

  it('fails when robots.txt forbids the homepage, without fetching it', async () => {
    await expect(crawlSite(`${site.origin}/closed`, options)).rejects.toThrow(
      'The site’s robots.txt does not allow reading it (our crawler is InkpilotBot).',
    );
    expect(requested).not.toContain('/closed');
  });

  it('refuses a loopback site unless loopback is allowed, as a blocked crawl', async () => {
    const failure = await crawlSite(`${site.origin}/wide`, { ...options, allowLoopback: false }).catch(
      (error: unknown) => error,
    );

    expect(failure).toBeInstanceOf(CrawlError);
    expect((failure as CrawlError).blocked).toBe(true);
  });
});

const crawled = (title: string, extra: Partial<CrawledPage> = {}): CrawledPage => ({
  url: 'https://example.com/',
  title,
  description: '',
  headings: [],
  lang: 'en',
  text: '',
  themeColor: null,
  logo: null,
  siteName: null,
  logoText: null,
  ...extra,
});

describe('siteNameOf', () => {
  it('takes the name the homepage declares first', () => {
    expect(siteNameOf([crawled('Home | Whatever', { siteName: 'Acme Roasters' })])).toBe('Acme Roasters');
  });

  it('takes the part the page titles share, on either side of the separator', () => {
    const pages = [
      crawled('Hearth & Crumb Bakery — slow-fermented sourdough in Portland'),
      crawled('About us — Hearth & Crumb Bakery'),
      crawled('Our breads — Hearth & Crumb Bakery'),
      crawled('Baking classes | Hearth & Crumb Bakery'),
    ];
    expect(siteNameOf(pages)).toBe('Hearth & Crumb Bakery');
  });

  it('falls back to the logo’s text, then a short homepage title, else nothing (the caller uses the host)', () => {
    expect(siteNameOf([crawled('Welcome to our home on the web — fresh bread', { logoText: 'Crumb' })])).toBe('Crumb');
    expect(siteNameOf([crawled('Crumb Co')])).toBe('Crumb Co');
    expect(siteNameOf([crawled('Fresh bread every morning | baked by hand')])).toBeNull();
    expect(siteNameOf([])).toBeNull();
  });
});
