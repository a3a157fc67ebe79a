// IndexNow (https://www.indexnow.org) for the hosted blogs: each change of a live post tells the search engines that
// take part which of the blog's addresses changed, in one submission, proven by the key file the blog serves.
import { isIP } from 'node:net';
import type { Config } from '../../config.ts';
import { isBlockedAddress } from '../../providers/safe-fetch/index.ts';

/** The shared endpoint; every engine that takes part receives what one of them is sent. */
export const INDEXNOW_DEFAULT_ENDPOINT = 'https://api.indexnow.org/indexnow';

const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.test', '.invalid', '.example', '.lan', '.home.arpa'];

/** Whether a host name is one search engines can reach (not localhost, a private address or a local-only name). */
export function isPublicHost(host: string): boolean {
  const name = host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (isIP(name)) return !isBlockedAddress(name, { allowLoopback: false });
  if (!name.includes('.') || name === 'localhost') return false;
  return !LOCAL_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

/**
 * Where submissions go, or why there are none: INDEXNOW_ENDPOINT when set; otherwise the shared endpoint, but only
 * when SITE_URL is a public host (a server on a laptop submits nothing).
 */
export function indexNowSetting(config: Config): { endpoint: string | null; explicit: boolean; reason: string } {
  if (config.INDEXNOW_ENDPOINT)
    return { endpoint: config.INDEXNOW_ENDPOINT, explicit: true, reason: 'IndexNow is on (INDEXNOW_ENDPOINT).' };
  const site = new URL(config.SITE_URL).hostname;
  return isPublicHost(site)
    ? { endpoint: INDEXNOW_DEFAULT_ENDPOINT, explicit: false, reason: 'IndexNow is on for blogs on public hosts.' }
    : {
        endpoint: null,
        explicit: false,
        reason: `IndexNow is off: SITE_URL (${site}) is not a public host and INDEXNOW_ENDPOINT is not set.`,
      };
}

/** Whether a blog on this origin is submitted: always with an explicit endpoint, else only on a public host. */
export function submitsFor(config: Config, origin: string): boolean {
  const setting = indexNowSetting(config);
  if (!setting.endpoint) return false;
  return setting.explicit || isPublicHost(new URL(origin).hostname);
}
