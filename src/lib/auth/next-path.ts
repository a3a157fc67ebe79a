/** Where a signed-in visitor goes by default. */
export const HOME = '/dashboard';

/**
 * Characters no page path of this site has, and that browsers treat specially: any control or format character (a
 * browser drops tab, newline and carriage return from a URL, so `/\t/evil.example` becomes `//evil.example`),
 * whitespace and separators, and the backslash (read as `/` in URLs).
 */
const UNSAFE = /[\p{C}\p{Z}\s\\]/u;
const SITE = 'https://site.invalid';

/**
 * The `next` page of /signin?next=…, kept only when it is a path of this site (an invite link sends signed-out
 * visitors to sign in first, then back); anything else, such as another origin, falls back to the dashboard.
 */
export function nextPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && isSitePath(next) ? next : HOME;
}

/** A path of this site, however a browser reads it: one leading slash, no scheme, no host. */
function isSitePath(next: string): boolean {
  if (!next.startsWith('/') || UNSAFE.test(next)) return false;
  const normalised = next.replace(/[\t\n\r]/g, '');
  if (normalised.startsWith('//') || normalised.startsWith('/\\')) return false;
  try {
    return new URL(normalised, SITE).origin === SITE;
  } catch {
    return false;
  }
}
