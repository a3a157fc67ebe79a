import { describe, expect, it } from 'vitest';
import { followTitle, metaFollowsTitle, metaTitleFor } from '../../src/lib/posts/title-follow.ts';

const post = (meta_title: string, cover_image_alt = '') => ({ title: 'Sourdough basics', meta_title, cover_image_alt });

describe('what a new title carries along', () => {
  it('moves a meta title made from the old title, and the cover description naming it', () => {
    expect(followTitle(post('Sourdough basics', 'Cover image for Sourdough basics'), 'Rye basics')).toEqual({
      meta_title: 'Rye basics',
      cover_image_alt: 'Cover image for Rye basics',
    });
  });

  it('keeps what was edited on purpose, an empty meta title (it already means the title) and unchanged titles', () => {
    expect(followTitle(post('Bake better bread at home', 'A loaf on a board'), 'Rye basics')).toEqual({});
    expect(followTitle(post(''), 'Rye basics')).toEqual({});
    expect(followTitle(post('Sourdough basics'), '  Sourdough   basics ')).toEqual({});
  });

  it('leaves the fields the caller sets itself', () => {
    expect(followTitle(post('Sourdough basics'), 'Rye basics', { meta_title: 'Mine' })).toEqual({});
  });

  it('treats a meta title cut from a long title (with its ellipsis) as made from it, and cuts the new one the same way', () => {
    const long = 'The complete guide to slow-fermented sourdough bread for home bakers in small kitchens';
    const cut = metaTitleFor(long);
    expect(cut.length).toBeLessThanOrEqual(60);
    expect(cut.endsWith('…')).toBe(true);
    expect(metaFollowsTitle(cut, long)).toBe(true);
    expect(metaFollowsTitle('The complete guide to slow-fermented…', long)).toBe(true);
    expect(metaFollowsTitle('The complete guide…', 'Another title')).toBe(false);
    const next = 'An even more complete guide to slow-fermented sourdough bread for bakers everywhere';
    expect(followTitle({ title: long, meta_title: cut, cover_image_alt: '' }, next)).toEqual({
      meta_title: metaTitleFor(next),
    });
  });
});
