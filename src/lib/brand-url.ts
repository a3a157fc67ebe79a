/** Spec §5: "Please enter a valid URL." for an empty or unreadable homepage address. */
export const INVALID_URL = 'Please enter a valid URL.';

/**
 * The homepage address to send, or null when it cannot be one: trimmed, https:// added when no scheme was typed
 * ("example.com"), and only http(s) with a host. Private addresses are the server's call (the guarded fetch).
 */
export function normalizeBrandUrl(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed || /\s/.test(trimmed)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname || url.hostname.startsWith('.') || url.hostname.endsWith('..')) return null;
    return url.href;
  } catch {
    return null;
  }
}
