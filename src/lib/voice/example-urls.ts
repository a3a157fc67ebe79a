// The example articles a project's voice is measured from (issue 24): up to 3 addresses besides the homepage. The
// rule is shared by the API (each must be an absolute http(s) address) and the forms (which add https:// to
// "example.com/post" as the homepage field does). No zod here: the workspace loads it.
import { normalizeBrandUrl } from '../brand-url.ts';
import { isWebAddress } from '../posts/web-address.ts';

export const MAX_EXAMPLE_ARTICLES = 3;
export const EXAMPLE_URL_MAX = 2048;
export const INVALID_EXAMPLE_URL = 'Enter the full address of an article, like https://example.com/blog/post.';
export const TOO_MANY_EXAMPLES = `Give at most ${MAX_EXAMPLE_ARTICLES} example articles.`;

/** Whether a text is an article address the API takes: absolute http(s), a host, no credentials. */
export function isExampleUrl(value: string): boolean {
  if (value.length > EXAMPLE_URL_MAX || !isWebAddress(value)) return false;
  const url = new URL(value);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return !url.username && !url.password && (host.includes('.') || host.includes(':') || host === 'localhost');
}

/** An address as typed in a form ("example.com/post" included), ready to send; null when it cannot be one. */
export function normalizeExampleUrl(input: string): string | null {
  const url = normalizeBrandUrl(input);
  return url && isExampleUrl(url) ? url : null;
}

/** The addresses as stored: #fragments dropped, repeats (the same page twice) removed, in order. */
export function uniqueExampleUrls(urls: string[]): string[] {
  const hrefs = urls.map((raw) => {
    const url = new URL(raw);
    url.hash = '';
    return url.href;
  });
  return [...new Set(hrefs)];
}

/**
 * The article fields of a form: the addresses to send (blank fields skipped) and, per field, what is wrong with it;
 * `valid` is false when any field holds something that cannot be an address.
 */
export function checkExampleFields(values: string[]): { urls: string[]; errors: (string | null)[]; valid: boolean } {
  const urls: string[] = [];
  const errors = values.map((value) => {
    if (!value.trim()) return null;
    const url = normalizeExampleUrl(value);
    if (url) urls.push(url);
    return url ? null : INVALID_EXAMPLE_URL;
  });
  return { urls, errors, valid: errors.every((error) => error === null) };
}
