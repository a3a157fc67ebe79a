import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from './support/test.ts';

const CALCULATOR = /\/local-seo-calculator\//; // generated variants of one template
const DARK_CALCULATOR_SAMPLE = 10;
const SWEEPERS = 2;

/** Paths listed in the built sitemap (sitemap-index.xml → its sitemaps), read from the test server. */
async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const index = await (await request.get('/sitemap-index.xml')).text();
  const pages = await Promise.all(locs(index).map(async (path) => locs(await (await request.get(path)).text())));
  return pages.flat();
}

/** Every non-calculator path, plus an evenly spaced sample of the calculator variants. */
function darkThemePaths(paths: string[]): string[] {
  const variants = paths.filter((path) => CALCULATOR.test(path)).sort();
  const step = variants.length / DARK_CALCULATOR_SAMPLE;
  const sample =
    variants.length <= DARK_CALCULATOR_SAMPLE
      ? variants
      : Array.from({ length: DARK_CALCULATOR_SAMPLE }, (_, index) => variants[Math.floor(index * step)]!);
  return [...paths.filter((path) => !CALCULATOR.test(path)), ...sample];
}

// Every sitemap URL in the light theme; in the dark theme every page but the calculator variants, which share one
// template and are sampled.
// Two pages work through the list side by side (more did not go faster on two cores).
test('every sitemap URL has no axe violations in light and dark themes', async ({ context, request }) => {
  test.setTimeout(900_000);
  const paths = await sitemapPaths(request);
  expect(paths).toContain('/');
  const failures: string[] = [];

  for (const [colorScheme, sweep] of [
    ['light', paths],
    ['dark', darkThemePaths(paths)],
  ] as const) {
    const queue = [...sweep];
    const sweeper = async () => {
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        await page.goto(path);
        const { violations } = await new AxeBuilder({ page }).analyze();
        for (const violation of violations)
          failures.push(
            `${colorScheme} ${path}: ${violation.id} (${violation.nodes
              .map((node) => node.target.join(' '))
              .slice(0, 3)
              .join(', ')})`,
          );
      }
      await page.close();
    };
    await Promise.all(Array.from({ length: SWEEPERS }, sweeper));
  }

  expect(failures).toEqual([]);
});
