import { describe, expect, it } from 'vitest';
import { normalizeBrandUrl } from '../../src/lib/brand-url.ts';
import { addKeywords, TOO_MANY_KEYWORDS } from '../../src/lib/keywords.ts';

describe('normalizeBrandUrl', () => {
  it('adds https:// to a bare domain and keeps a typed scheme', () => {
    expect(normalizeBrandUrl('  example.com ')).toBe('https://example.com/');
    expect(normalizeBrandUrl('http://127.0.0.1:4770/about')).toBe('http://127.0.0.1:4770/about');
  });

  it('refuses empty, spaced and non-web addresses', () => {
    for (const input of ['', '   ', 'not a url', 'ftp://example.com', 'javascript:alert(1)', 'https://']) {
      expect(normalizeBrandUrl(input), input).toBeNull();
    }
  });
});

describe('addKeywords', () => {
  it('splits on commas, trims, drops empties and case-insensitive duplicates', () => {
    expect(addKeywords(['SEO'], ' seo, blogging ,, Content  marketing ')).toEqual({
      list: ['SEO', 'blogging', 'Content marketing'],
      error: null,
    });
  });

  it('refuses an addition past 10 keywords and keeps the list unchanged', () => {
    const nine = Array.from({ length: 9 }, (_, index) => `k${index}`);

    expect(addKeywords(nine, 'ten')).toEqual({ list: [...nine, 'ten'], error: null });
    expect(addKeywords(nine, 'ten, eleven')).toEqual({ list: nine, error: TOO_MANY_KEYWORDS });
  });
});
