// Issue 17: every word a reader sees on a built public page is the editors' (src/content) or one of the few strings
// below that the spec fixes or that are data rather than copy. A new hard-coded label fails here, listed by page.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sitemapPages } from './support/sitemap-pages.ts';
import { contentStrings, ownedBy, visibleTexts } from './support/visible-text.ts';

const client = join(process.env.DIST_DIR ?? 'dist', 'client');

/** Pages outside the sitemap that readers still see. */
const UNLISTED = ['/signin', '/signup', '/404'];

/** Strings fixed by the spec (public-site.md) or made from data, which editors do not own. Keep this list short. */
export const SPEC_FIXED = [
  'I', // the logo letter on the sign-in pages (§2.4)
  'U', // the header's avatar until the signed-in user's initials replace it (§2.3)
  '?', // the plan cards' tooltip buttons (§2.3 Pricing: "?" opens the feature's explanation)
];

/** Figures, prices, dates, the support address (SUPPORT_EMAIL) and punctuation: data the pages compute, not copy. */
const DATA = /^[\d\s$€£¥₹%+\-–—.,:/×·()]+$|^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$|^[\w.+-]+@[\w-]+(\.[\w-]+)+$/;

/** Pages whose copy is not all in src/content yet (issue 17). Remove a prefix here when its copy has moved. */
const PENDING: string[] = [];
/** Pages written by code from code, not copy: the API reference is generated from the routes' zod schemas (issue 16). */
const GENERATED = ['/docs/api'];
const TRIM = /^[“”"'‘’·,:;\s–—-]+|[“”"'‘’·,:;\s–—-]+$/g;

describe.skipIf(!existsSync(client))('public copy lives in src/content', () => {
  it('finds every visible text node of every public page in src/content or the spec-fixed list', () => {
    const owned = ownedBy(contentStrings());
    const pages = [...sitemapPages(client), ...UNLISTED.map((path) => ({ url: path, html: readFileSync(join(client, path === '/404' ? '404.html' : `${path}/index.html`), 'utf8') }))];
    const strays = new Map<string, Set<string>>();
    for (const page of pages.filter((item) => ![...PENDING, ...GENERATED].some((prefix) => new URL(item.url, 'https://x').pathname.startsWith(prefix)))) {
      for (const raw of visibleTexts(page.html)) {
        const text = raw.replace(TRIM, '');
        if (!text || DATA.test(text) || SPEC_FIXED.includes(text) || owned(text)) continue;
        const where = strays.get(text) ?? new Set<string>();
        where.add(new URL(page.url, 'https://x').pathname);
        strays.set(text, where);
      }
    }
    const report = [...strays].map(([text, where]) => `"${text}" on ${[...where].slice(0, 2).join(', ')}${where.size > 2 ? ` and ${where.size - 2} more` : ''}`);
    expect(report, `Text on public pages that is not in src/content:\n${report.join('\n')}`).toEqual([]);
  });
});
