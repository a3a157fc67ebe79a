// Issue 17: every calculator country page asks FAQ questions of its own (spec §2.8, §9.3), found in the built pages.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_COUNTRY_CODES } from '../../src/data/calculator/index.ts';

const client = join(process.env.DIST_DIR ?? 'dist', 'client');
const html = (path: string) => readFileSync(join(client, path, 'index.html'), 'utf8');
const faq = (page: string) => {
  const section = page.slice(page.indexOf('id="faq-title"'));
  return [...section.matchAll(/<summary[^>]*>(.*?)<\/summary>/gs)].map((match) => match[1]!.trim());
};

describe.skipIf(!existsSync(client))('country FAQ questions', () => {
  const generic = new Set(faq(html('tools/local-seo-calculator')));
  const byCountry = new Map(
    PAGE_COUNTRY_CODES.map((code) => [code, faq(html(`tools/local-seo-calculator/country/${code}`))]),
  );

  it.each(PAGE_COUNTRY_CODES)('the %s page adds a question no other country page asks', (code) => {
    const own = byCountry.get(code)!.filter((question) => !generic.has(question));
    const others = new Set(
      PAGE_COUNTRY_CODES.filter((other) => other !== code).flatMap((other) => byCountry.get(other)!),
    );

    expect(own.length).toBeGreaterThan(0);
    expect(own.filter((question) => others.has(question))).toEqual([]);
  });
});
