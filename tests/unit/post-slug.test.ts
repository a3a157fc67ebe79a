import { describe, expect, it } from 'vitest';
import { postSlug } from '../../api/blocks/seo-meta.ts';
import { cutSlug, SLUG_MAX, slugFromTitle, slugProblem } from '../../src/lib/posts/slug.ts';

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

  it('cuts a long title after a whole word, never mid-word (issue 26: "…service-their-e")', () => {
    const title =
      'How our wholesale bakery keeps cafés supplied with fresh sourdough and the service their customers expect';
    const slug = slugFromTitle(title);
    expect(slug).toBe('how-our-wholesale-bakery-keeps-cafes-supplied-with-fresh-sourdough-and-the');
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slugFromTitle(title, 'x', 60)).toBe('how-our-wholesale-bakery-keeps-cafes-supplied-with-fresh');
    // Generated posts (the workflow's save block) follow the same rule.
    expect(postSlug(title)).toBe(slug);
    expect(title.replace(/é/g, 'e').toLowerCase()).toContain(slug.split('-').join(' '));
    // One word longer than the limit is the only thing cut by characters.
    expect(cutSlug('a'.repeat(90))).toBe('a'.repeat(SLUG_MAX));
    expect(cutSlug('short-one')).toBe('short-one');
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
