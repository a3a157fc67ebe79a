import { describe, expect, it } from 'vitest';
import { SLUG_MAX, slugFromTitle, slugProblem } from '../../src/lib/posts/slug.ts';

describe('post slugs', () => {
  it('suggests a slug from a title: lowercase words, accents dropped, single hyphens, within the limit', () => {
    expect(slugFromTitle('  Crème Brûlée: 10 Tips & Tricks!  ')).toBe('creme-brulee-10-tips-tricks');
    expect(slugFromTitle('snake_case -- and   spaces')).toBe('snake-case-and-spaces');
    expect(slugFromTitle('!!!')).toBe('untitled-post');
    expect(slugFromTitle('日本語', 'section')).toBe('section');
    const long = slugFromTitle('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slugProblem(long)).toBeNull();
  });

  it('names what is wrong with a slug', () => {
    expect(slugProblem('good-slug-2')).toBeNull();
    expect(slugProblem('')).toMatch(/required/);
    expect(slugProblem('Upper')).toMatch(/lowercase letters/);
    expect(slugProblem('-lead')).toMatch(/lowercase letters/);
    expect(slugProblem('double--hyphen')).toMatch(/lowercase letters/);
    expect(slugProblem('a'.repeat(SLUG_MAX + 1))).toMatch(/at most 80/);
  });
});
