import { describe, expect, it } from 'vitest';
import { nextPath } from '../../src/lib/auth/next-path.ts';

describe('the page sign-in returns to', () => {
  it('is the next path of this site, e.g. an invite link', () => {
    expect(nextPath('?next=%2Finvite%2Fabc')).toBe('/invite/abc');
    expect(nextPath('?next=/invite/abc.def.ghi')).toBe('/invite/abc.def.ghi');
    expect(nextPath('?next=%2Fdashboard%2Fsettings%3Ftab%3Dapi-key')).toBe('/dashboard/settings?tab=api-key');
  });

  it('is the dashboard without one', () => {
    for (const search of ['', '?next=', '?other=%2Finvite']) expect(nextPath(search)).toBe('/dashboard');
  });

  // A browser drops tab, newline and carriage return from a URL and reads a backslash as a slash, so each of these
  // would land on evil.example if it were followed.
  it.each([
    ['another origin', '?next=https%3A%2F%2Fevil.example'],
    ['a scheme with no slashes', '?next=javascript%3Aalert(1)'],
    ['a relative path', '?next=invite'],
    ['a protocol-relative URL', '?next=%2F%2Fevil.example'],
    ['a raw protocol-relative URL', '?next=//evil.example'],
    ['slash backslash, encoded', '?next=%2F%5Cevil.example'],
    ['slash backslash, raw', '?next=/\\evil.example'],
    ['backslash backslash', '?next=%5C%5Cevil.example'],
    ['backslash later in the path', '?next=%2Finvite%5C..%5C%5Cevil.example'],
    ['an encoded tab between the slashes', '?next=%2F%09%2Fevil.example'],
    ['an encoded tab, then a raw slash', '?next=/%09/evil.example'],
    ['a raw tab between the slashes', '?next=/\t/evil.example'],
    ['an encoded newline between the slashes', '?next=/%0A/evil.example'],
    ['a raw newline between the slashes', '?next=/\n/evil.example'],
    ['an encoded carriage return between the slashes', '?next=/%0D/evil.example'],
    ['a raw carriage return between the slashes', '?next=/\r/evil.example'],
    ['a CR LF pair', '?next=/%0D%0A/evil.example'],
    ['a tab before a backslash', '?next=/%09%5Cevil.example'],
    ['a space', '?next=/%20/evil.example'],
    ['a plus (a space in a query)', '?next=/+/evil.example'],
    ['a NUL', '?next=/%00/evil.example'],
    ['a non-breaking space', '?next=/%C2%A0/evil.example'],
    ['a zero-width space', '?next=/%E2%80%8B/evil.example'],
    ['a control character elsewhere', '?next=/invite/abc%07'],
  ])('is the dashboard for %s', (_what, search) => {
    expect(nextPath(search)).toBe('/dashboard');
  });
});
