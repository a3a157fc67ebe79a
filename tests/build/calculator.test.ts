// Checks of the built calculator pages against the data tables (run after a build; DIST_DIR ?? 'dist').
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INDUSTRY_CODES, PAGE_COUNTRY_CODES } from '../../src/data/calculator/index.ts';

const client = join(process.env.DIST_DIR ?? 'dist', 'client');
const root = join(client, 'tools/local-seo-calculator');
const dirs = (path: string) =>
  readdirSync(path, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
const html = (path: string) => readFileSync(join(client, path, 'index.html'), 'utf8');

const VARIANTS = [
  'tools/local-seo-calculator',
  ...PAGE_COUNTRY_CODES.map((c) => `tools/local-seo-calculator/country/${c}`),
  ...INDUSTRY_CODES.map((i) => `tools/local-seo-calculator/industry/${i}`),
  ...INDUSTRY_CODES.flatMap((i) => PAGE_COUNTRY_CODES.map((c) => `tools/local-seo-calculator/${i}/${c}`)),
];

function head(page: string) {
  const canonical = page.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
  const title = page.match(/<title>([^<]*)<\/title>/)?.[1];
  const ld = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => m[1] ?? '');
  return { canonical, title, ld };
}

describe('calculator pages in the build', () => {
  it('covers 30 countries with a profile or insight data, generic excluded', () => {
    expect(PAGE_COUNTRY_CODES).toHaveLength(30);
    expect(PAGE_COUNTRY_CODES).not.toContain('generic');
  });

  it('has one page per country x industry pair and nothing else', () => {
    expect(dirs(root)).toEqual(['country', 'industry', ...INDUSTRY_CODES].sort());
    for (const industry of INDUSTRY_CODES) expect(dirs(join(root, industry))).toEqual(PAGE_COUNTRY_CODES);
  });

  it('has every country page and every industry page', () => {
    expect(dirs(join(root, 'country'))).toEqual(PAGE_COUNTRY_CODES);
    expect(dirs(join(root, 'industry'))).toEqual([...INDUSTRY_CODES].sort());
  });

  it('has both generic routes, the short one canonical to the /tools one', () => {
    expect(existsSync(join(root, 'index.html'))).toBe(true);

    expect(head(html('local-seo-calculator')).canonical).toBe(head(html('tools/local-seo-calculator')).canonical);
  });

  it('gives every variant a unique canonical pointing at itself, a unique title and unique JSON-LD', () => {
    const heads = VARIANTS.map((path) => ({ path, ...head(html(path)) }));

    for (const h of heads) expect(new URL(h.canonical ?? '').pathname).toBe(`/${h.path}/`);
    expect(new Set(heads.map((h) => h.title)).size).toBe(VARIANTS.length);
    expect(new Set(heads.map((h) => h.ld.join())).size).toBe(VARIANTS.length);
  });

  it('describes each page as a free WebPage and a SoftwareApplication at 0 USD, in valid JSON', () => {
    for (const path of VARIANTS) {
      const graph = head(html(path)).ld.flatMap(
        (text) =>
          (JSON.parse(text) as { '@graph': { '@type': string; offers?: unknown; isAccessibleForFree?: boolean }[] })[
            '@graph'
          ],
      );
      const app = graph.find((node) => node['@type'] === 'SoftwareApplication');

      expect(graph.find((node) => node['@type'] === 'WebPage')?.isAccessibleForFree).toBe(true);
      expect(app?.offers).toMatchObject({ '@type': 'Offer', price: '0', priceCurrency: 'USD' });
    }
  });

  it('ships the questionnaire island as the only island of the page', () => {
    for (const path of VARIANTS) {
      const islands = [...html(path).matchAll(/<astro-island[^>]*component-url="([^"]+)"/g)].map((m) => m[1]);

      expect(islands).toHaveLength(1);
      expect(islands[0]).toMatch(/\/_astro\/Calculator\.[\w-]+\.js$/);
    }
  });

  it('renders the questionnaire as a real form with radio inputs before hydration', () => {
    const island =
      html('tools/local-seo-calculator/healthcare/de').match(/<astro-island.*?<\/astro-island>/s)?.[0] ?? '';

    expect(island).toContain('<form');
    expect(island.match(/type="radio"/g)).toHaveLength(4);
    expect(island).toContain('Question 1 of 3');
  });

  it('lists every variant in the sitemap', () => {
    const sitemap = readdirSync(client)
      .filter((f) => /^sitemap-\d+\.xml$/.test(f))
      .map((f) => readFileSync(join(client, f), 'utf8'))
      .join();
    const locs = new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname));

    expect(VARIANTS.filter((path) => !locs.has(`/${path}/`))).toEqual([]);
  });
});
