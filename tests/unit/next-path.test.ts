import { describe, expect, it } from 'vitest';
import { nextPath } from '../../src/lib/auth/next-path.ts';

describe('the page sign-in returns to', () => {
  it('is the next path of this site, e.g. an invite link', () => {
    expect(nextPath('?next=%2Finvite%2Fabc')).toBe('/invite/abc');
  });
  it('is the dashboard without one, or for anything that could leave the site', () => {
    for (const search of ['', '?next=', '?next=https%3A%2F%2Fevil.example', '?next=%2F%2Fevil.example', '?next=%2F%5Cevil.example', '?next=invite']) {
      expect(nextPath(search)).toBe('/dashboard');
    }
  });
});
