import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isBlockedAddress } from './ranges.ts';

/**
 * Whether every address a URL's host resolves to is public, checked before anything is queued or fetched so a
 * private-address request is refused at once. The guarded fetch checks again at connect time (DNS can change).
 */
export async function resolvesToPublicAddress(url: URL, options: { allowLoopback: boolean }): Promise<boolean> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return !isBlockedAddress(host, options);
  const addresses = await lookup(host, { all: true }).catch(() => []);
  // A name that does not resolve is left to the crawl, which reports it as the spec's failure.
  return addresses.every((entry) => !isBlockedAddress(entry.address, options));
}
