import AxeBuilder from './support/axe.ts';
import { expect, test, type APIRequestContext } from './support/test.ts';

const CALCULATOR = /\/local-seo-calculator\//; // generated variants of one template
const DARK_CALCULATOR_SAMPLE = 10;

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
// template and are sampled. The list is dealt round-robin into parts, one test each, so the parts spread over the
// workers (this file's tests run in parallel) and each fits the 2-minute test timeout under load
// (20 pages a test did not at a load average of 13 on two cores; 10 took 1.3-2.1 min at 15-19).
const PARTS = { light: 48, dark: 6 } as const; // about 5 pages a test

test.describe.configure({ mode: 'parallel' });

for (const colorScheme of ['light', 'dark'] as const) {
  for (let part = 0; part < PARTS[colorScheme]; part++) {
    test(`sitemap URLs in the ${colorScheme} theme, part ${part + 1} of ${PARTS[colorScheme]}, have no axe violations`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const paths = await sitemapPaths(request);
      expect(paths).toContain('/');
      const sweep = colorScheme === 'light' ? paths : darkThemePaths(paths);
      const failures: string[] = [];

      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      for (const path of sweep.filter((_, index) => index % PARTS[colorScheme] === part)) {
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

      expect(failures).toEqual([]);
    });
  }
}
