/** Where a signed-in visitor goes by default. */
export const HOME = '/dashboard';

/**
 * The `next` page of /signin?next=…, kept only when it is a path of this site (an invite link sends signed-out
 * visitors to sign in first, then back); anything else, such as another origin, falls back to the dashboard.
 */
export function nextPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return HOME;
  return next;
}
