import type { IndexStatusResult } from '../../providers/google/search-console.ts';
import type { IndexStatus } from '../../../src/lib/search-console/schema.ts';

/** A Search Console property's kind: a domain property (`sc-domain:example.com`) or a URL prefix. */
export function propertyKind(siteUrl: string): 'domain' | 'url-prefix' {
  return siteUrl.startsWith('sc-domain:') ? 'domain' : 'url-prefix';
}

/**
 * Whether the property holds the data of `url`: a domain property covers its domain and every subdomain, on any
 * protocol and port; a URL-prefix property covers the URLs that start with it (same protocol, host and port).
 */
export function coversUrl(siteUrl: string, url: string): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (propertyKind(siteUrl) === 'domain') {
    const domain = siteUrl.slice('sc-domain:'.length).toLowerCase().replace(/\.$/, '');
    const host = target.hostname.toLowerCase();
    return domain.length > 0 && (host === domain || host.endsWith(`.${domain}`));
  }
  let prefix: URL;
  try {
    prefix = new URL(siteUrl);
  } catch {
    return false;
  }
  const folder = prefix.pathname.endsWith('/') ? prefix.pathname : `${prefix.pathname}/`;
  const path = target.pathname.endsWith('/') ? target.pathname : `${target.pathname}/`;
  return prefix.protocol === target.protocol && prefix.host === target.host && path.startsWith(folder);
}

/** A permission that lets Inkpilot read the property's data (an unverified user sees nothing). */
export function canRead(permissionLevel: string): boolean {
  return permissionLevel !== 'siteUnverifiedUser';
}

/** A permission that lets sitemaps be submitted (owners and full users; restricted users only read). */
export function canSubmitSitemaps(permissionLevel: string): boolean {
  return permissionLevel === 'siteOwner' || permissionLevel === 'siteFullUser';
}

/**
 * The properties in the order the picker shows them: those covering the blog first (the closest URL prefix, then
 * domain properties), readable before unverified, then the rest by name.
 */
export function sortProperties<T extends { siteUrl: string; permissionLevel: string }>(
  sites: T[],
  blogUrl: string,
): T[] {
  const rank = (site: T) =>
    (coversUrl(site.siteUrl, blogUrl) ? 0 : 4) +
    (canRead(site.permissionLevel) ? 0 : 2) +
    (propertyKind(site.siteUrl) === 'url-prefix' ? 0 : 1);
  return [...sites].sort(
    (a, b) => rank(a) - rank(b) || b.siteUrl.length - a.siteUrl.length || a.siteUrl.localeCompare(b.siteUrl),
  );
}

/** What URL Inspection said of a page, as one of the statuses Inkpilot shows. */
export function indexStatusOf(result: IndexStatusResult): IndexStatus {
  const state = (result.coverageState ?? '').toLowerCase();
  if (result.verdict === 'PASS') return 'indexed';
  if (/crawled.*not indexed/.test(state)) return 'crawled_not_indexed';
  if (/discovered.*not indexed/.test(state)) return 'discovered';
  if (/unknown to google/.test(state) || !state) return 'unknown';
  return 'excluded';
}
