// Issue 17: every word a reader sees on a public page (text, the attributes read out or shown, <title> and the
// snippet and link-preview meta tags) is the editors' (src/content) or one of the few strings the spec fixes
// (SPEC_FIXED in ./support/copy-check.ts). A new hard-coded label fails here, listed with its page and where it is.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildOpenApiDocument } from '../../api/lib/openapi.ts';
import { API_ROUTES } from '../../api/routes/index.ts';
import type { Transcription } from '../../src/lib/transcripts/types.ts';
import { copyStrays, strayReport } from './support/copy-check.ts';
import { fixtureGallery, renderOnDemand } from './support/on-demand.ts';
import { sitemapPages } from './support/sitemap-pages.ts';
import { strings } from './support/visible-text.ts';

const dist = process.env.DIST_DIR ?? 'dist';
const client = join(dist, 'client');

/** Pages outside the sitemap that readers still see. */
const UNLISTED = ['/signin', '/signup', '/404'];

/**
 * The API reference writes its operations from the routes' zod schemas (issue 16): inside its data-generated parts a
 * text passes when each of its words is a word of the OpenAPI document (a path, a name, a type, a summary).
 */
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[\s|()[\]{},:;"'`]+/)
    .filter(Boolean);
function keysAndStrings(value: unknown): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value))
    return Object.entries(value).flatMap(([key, item]) => [key, ...keysAndStrings(item)]);
  return Array.isArray(value) ? value.flatMap(keysAndStrings) : strings(value);
}
const schemaWords = new Set(keysAndStrings(buildOpenApiDocument(API_ROUTES, { version: '1' })).flatMap(words));
const fromSchemas = (text: string) => words(text).every((word) => schemaWords.has(word));

describe('the copy check', () => {
  it('lists a hard-coded word with its page and where it is: text, an attribute read out or shown, the head', () => {
    const html = `<html><head><title>Hard-coded tab title</title><meta name="description" content="Hard-coded snippet"></head>
      <body><main><h1>Pricing</h1><button aria-label="Hard-coded name">?</button><input placeholder="Hard-coded hint"><img alt="Hard-coded picture" src="/x.png"><p>Hard-coded sentence</p></main></body></html>`;

    const strays = copyStrays([{ url: '/some-page', html }]);

    expect(strays).toEqual([
      { page: '/some-page', text: 'Hard-coded tab title', where: '<title>' },
      { page: '/some-page', text: 'Hard-coded snippet', where: 'meta description' },
      { page: '/some-page', text: 'Hard-coded name', where: 'aria-label' },
      { page: '/some-page', text: 'Hard-coded hint', where: 'placeholder' },
      { page: '/some-page', text: 'Hard-coded picture', where: 'alt' },
      { page: '/some-page', text: 'Hard-coded sentence', where: 'text' },
    ]);
    expect(strayReport(strays)).toContain('"Hard-coded name" (aria-label) on /some-page');
  });
});

describe.skipIf(!existsSync(client))('public copy lives in src/content', () => {
  it('finds every text a reader meets on every built public page in src/content or the spec-fixed list', () => {
    const pages = [
      ...sitemapPages(client),
      ...UNLISTED.map((path) => ({
        url: path,
        html: readFileSync(join(client, path === '/404' ? '404.html' : `${path}/index.html`), 'utf8'),
      })),
    ];

    const strays = copyStrays(pages, { generated: fromSchemas });

    expect(pages.length).toBeGreaterThan(15);
    expect(strayReport(strays), `Text on public pages that is not in src/content:\n${strayReport(strays)}`).toBe('');
  });

  it('checks the schema-generated part of the API reference against the schemas and its prose against src/content', () => {
    const html = readFileSync(join(client, 'docs', 'api', 'index.html'), 'utf8');
    const made = `${html.replace('</main>', '<p data-generated>Zebras juggle marmalade</p></main>')}`;

    // the generated part is there and passes; a hand-written sentence marked generated does not (its words in no
    // schema: the document's summaries and the MCP tools' descriptions hold most everyday words)
    expect(html.includes('data-generated'), 'the API reference marks its generated part').toBe(true);
    expect(
      copyStrays([{ url: '/docs/api', html: made }], { generated: fromSchemas }).map((stray) => stray.text),
    ).toEqual(['Zebras juggle marmalade']);
  });
});

/** Reels of the fixture gallery: their titles, words and tags are data, not copy. */
const REELS: Transcription[] = Array.from({ length: 21 }, (_, index) => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  slug: `pasta-night-${index}`,
  title: `Pasta night ${index}`,
  reel_url: `https://www.instagram.com/reel/Fixture${index}/`,
  transcription:
    index === 0 ? 'Hi.' : `Boil the water, salt it well and cook the pasta for reel ${index} until it is just tender.`,
  tags: ['pasta', 'dinner', 'quick'],
  embed_code: index === 1 ? '<blockquote class="instagram-media">Fixture embed</blockquote>' : '',
  media_url: null,
  thumbnail_url: `https://cdn.example.com/pasta-${index}.jpg`,
  created_at: new Date(Date.UTC(2026, 10, 3 + (index % 20))),
}));
const REEL_DATA = REELS.flatMap((reel) => [reel.title, reel.transcription]);

describe.skipIf(!existsSync(join(dist, 'server', 'entry.mjs')))(
  'copy of the pages rendered on demand lives in src/content',
  () => {
    let pages: { url: string; status: number; html: string }[];

    beforeAll(async () => {
      const working = await renderOnDemand(dist, fixtureGallery(REELS), [
        '/insta-transcript/pasta-night-0', // no embed: the fallback line and link
        '/reel-transcript/pasta-night-1', // with an embed, under an alias
        '/insta-transcript/no-such-reel', // Transcription Not Found
        '/insta-transcript/tags/pasta', // 20 cards and the pager
        '/instagram-transcript/tags/pasta?page=2',
        '/insta-transcript/tags/unused', // no transcriptions with this tag
      ]);
      // the page logs the gallery's failure, as it should; kept out of the test output
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const failing = await renderOnDemand(dist, fixtureGallery(REELS, { failing: true }), [
        '/insta-transcript/tags/pasta',
      ]).finally(() => logged.mockRestore());
      pages = [...working, ...failing];
    });

    it('renders each state the fixture asks for', () => {
      expect(pages.map((page) => page.status)).toEqual([200, 200, 404, 200, 200, 200, 503]);
      expect(pages[0]!.html.includes('>Pasta night 0</h1>'), 'the detail page shows the fixture Reel').toBe(true);
      expect(/<nav[^>]*aria-label=[^>]*>[\s\S]*?page=2/.test(pages[3]!.html), 'the tag page shows the pager').toBe(
        true,
      );
    });

    it('finds every text a reader meets on them in src/content, the spec-fixed list or the Reels shown', () => {
      const strays = copyStrays(pages, { data: REEL_DATA });

      expect(
        strayReport(strays),
        `Text on pages rendered on demand that is not in src/content:\n${strayReport(strays)}`,
      ).toBe('');
    });
  },
);
