import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const client = join(process.env.DIST_DIR ?? 'dist', 'client');
const html = (path: string) => readFileSync(join(client, path === '/' ? 'index.html' : `${path}/index.html`), 'utf8');
const main = (page: string) => page.slice(page.indexOf('<main'), page.indexOf('</main>'));
const head = (page: string, pattern: RegExp) => page.match(pattern)?.[1];

const STATIC_PAGES = ['/terms', '/privacy', '/updates', '/tools/backlink-finder', '/tools/content-gap-analyzer'];
const PUBLIC_PAGES = ['/', '/pricing', '/tools', ...STATIC_PAGES];
const SIGNED_IN = [
  '/dashboard',
  '/calendar',
  '/blogs',
  '/prompts',
  '/projects',
  '/workflows',
  '/settings',
  '/usage',
  '/templates',
  '/cta-generator',
  '/admin/users',
  '/admin/audit-log',
  '/admin/ai',
];

describe.skipIf(!existsSync(client))('public site build', () => {
  // Issue 17: text pages show the header's signed-in state and ask for consent, which needs the two small shared
  // modules every public page loads; nothing else (no island, no inline module, no carousel script).
  it.each(STATIC_PAGES)('%s ships only the header and consent-banner modules', (path) => {
    const page = html(path);

    const sources = [...page.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((match) =>
      match[1]!.replace(/\.[\w-]+\.js$/, ''),
    );
    expect(sources.sort()).toEqual([
      '/_astro/ConsentBanner.astro_astro_type_script_index_0_lang',
      '/_astro/Header.astro_astro_type_script_index_0_lang',
    ]);
    expect(page).not.toMatch(/<script type="module">/);
    expect(page).not.toContain('<astro-island');
  });

  it('gives every public page its own title, description and canonical URL', () => {
    const pages = PUBLIC_PAGES.map(html);

    for (const pattern of [
      /<title>([^<]+)<\/title>/,
      /<meta name="description" content="([^"]+)"/,
      /<link rel="canonical" href="([^"]+)"/,
    ]) {
      const values = pages.map((page) => head(page, pattern));
      expect(values.every(Boolean)).toBe(true);
      expect(new Set(values).size).toBe(PUBLIC_PAGES.length);
    }
  });

  it('lists the public pages in the sitemap and none of the signed-in ones', () => {
    const sitemap = readFileSync(join(client, 'sitemap-0.xml'), 'utf8');
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) =>
      new URL(match[1]!).pathname.replace(/(.)\/$/, '$1'),
    );

    expect(paths).toEqual(expect.arrayContaining(PUBLIC_PAGES));
    expect(paths.filter((path) => SIGNED_IN.some((prefix) => path.startsWith(prefix)))).toEqual([]);
    expect(paths.filter((path) => path === '/signin' || path === '/signup')).toEqual([]);
  });

  it.each(PUBLIC_PAGES)(
    '%s renders the header with placeholders, not sign-in buttons, until the browser knows the session',
    (path) => {
      const header = html(path).match(/<header[\s\S]*?<\/nav>/)![0];

      expect(header).toMatch(/<span data-auth="loading"(?![^>]*\shidden[\s>])[^>]*>/);
      expect(header).toMatch(/<span data-auth="signed-out" hidden/);
      expect(header).toMatch(/<div data-auth="signed-in" hidden/);
    },
  );

  it('points robots.txt at the sitemap', () => {
    const robots = readFileSync(join(client, 'robots.txt'), 'utf8');

    expect(robots).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap-index\.xml$/m);
  });

  it('renders the legal pages from their markdown', () => {
    const markdown = readFileSync('src/content/legal/terms.md', 'utf8');
    const headings = [...markdown.matchAll(/^## (.+)$/gm)].map((match) => match[1]);

    expect(headings).toHaveLength(8);
    for (const heading of headings) expect(html('/terms')).toContain(`>${heading}</h2>`);
    expect(main(html('/privacy')).match(/<h2/g)).toHaveLength(7);
  });

  it('shows the build date as Last updated and the support address on /privacy', () => {
    const page = html('/privacy');

    expect(page).toContain(`datetime="${new Date().toISOString().slice(0, 10)}"`);
    expect(page).toContain('mailto:support@inkpilot.app');
  });

  it('describes the organization, the website, the plans and the FAQ in JSON-LD on /', () => {
    const types = [...html('/').matchAll(/<script type="application\/ld\+json">(.+?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!)['@type'],
    );

    expect(types).toEqual(expect.arrayContaining(['Organization', 'WebSite', 'Product', 'FAQPage']));
  });
});
