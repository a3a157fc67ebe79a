import { describe, expect, it } from 'vitest';
import { idSuffix, slugify, transcriptionSlug } from '../../src/lib/slugify.ts';

const id = '3f2b8c1e-9a4d-4e6f-8b2a-7c5d1e0f9A1B';

describe('slugify', () => {
  it('strips accents and lowercases', () => {
    expect(slugify('Crème Brûlée à la Française')).toBe('creme-brulee-a-la-francaise');
  });

  it('drops punctuation and emoji', () => {
    expect(slugify('Wow!!! 5 tips, 3 tricks & 1 secret 🚀?')).toBe('wow-5-tips-3-tricks-1-secret');
  });

  it('collapses spaces, underscores and hyphens into one hyphen', () => {
    expect(slugify('  snake_case -- and   spaces__here  ')).toBe('snake-case-and-spaces-here');
  });

  it('cuts at 50 characters', () => {
    const slug = slugify('a very long title that keeps going and going well past the fifty character limit');

    expect(slug).toHaveLength(50);
    expect(slug).toBe('a-very-long-title-that-keeps-going-and-going-well-');
  });

  it('gives an empty string for a title with no word characters', () => {
    expect(slugify('!!! ??? ...')).toBe('');
  });
});

describe('transcriptionSlug', () => {
  it('adds a hyphen and the last 5 alphanumerics of the id, lowercase', () => {
    expect(idSuffix(id)).toBe('f9a1b');
    expect(transcriptionSlug({ id, title: 'Morning Routine' })).toBe('morning-routine-f9a1b');
  });

  it('uses the Reel code when there is no title', () => {
    expect(transcriptionSlug({ id, title: '', reelCode: 'C9xYz_12' })).toBe('c9xyz-12-f9a1b');
  });

  it('uses "unknown" when there is neither a title nor a code', () => {
    expect(transcriptionSlug({ id, title: '  ', reelCode: null })).toBe('unknown-f9a1b');
  });

  it('is at most 50 characters plus the 6-character suffix', () => {
    expect(transcriptionSlug({ id, title: 'x'.repeat(300) })).toHaveLength(56);
  });
});
