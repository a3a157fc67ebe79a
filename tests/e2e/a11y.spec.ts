import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';

const MAX_URLS = 30;
const SAMPLED = /\/local-seo-calculator\//; // many generated calculator variants: sampled, every other URL is swept

/** Paths listed in the built sitemap (sitemap-index.xml → its sitemaps), read from the test server. */
async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const index = await (await request.get('/sitemap-index.xml')).text();
  const pages = await Promise.all(locs(index).map(async (path) => locs(await (await request.get(path)).text())));
  return pages.flat();
}

/** Every non-calculator URL, plus an evenly spaced sample of calculator variants up to MAX_URLS in all. */
function choose(paths: string[]): string[] {
  const always = paths.filter((path) => !SAMPLED.test(path));
  const variants = paths.filter((path) => SAMPLED.test(path)).sort();
  const room = Math.max(MAX_URLS - always.length, 0);
  const step = variants.length / Math.max(room, 1);
  const sample = room >= variants.length ? variants : Array.from({ length: room }, (_, index) => variants[Math.floor(index * step)]!);
  return [...always, ...sample];
}

test('every sitemap URL has no axe violations in light and dark themes', async ({ page, request }) => {
  test.setTimeout(600_000);
  const paths = choose(await sitemapPaths(request));
  expect(paths).toContain('/');
  const failures: string[] = [];

  // dark theme on every non-calculator page; the sampled calculator variants share one template, checked in light
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    for (const path of colorScheme === 'dark' ? paths.filter((path) => !SAMPLED.test(path)) : paths) {
      await page.goto(path);
      const { violations } = await new AxeBuilder({ page }).analyze();
      for (const violation of violations) failures.push(`${colorScheme} ${path}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')})`);
    }
  }

  expect(failures).toEqual([]);
});
