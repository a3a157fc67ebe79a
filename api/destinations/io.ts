import type { Config } from '../config.ts';
import { guardedFetch } from '../providers/safe-fetch/fetch.ts';
import type { DestinationIo } from './types.ts';

/** Largest answer a destination may send back (a post as JSON with its HTML, a collection's fields). */
const DESTINATION_MAX_BYTES = 10 * 1024 * 1024;

/**
 * What every adapter gets: the guarded fetch (a destination's address is user-supplied, so private addresses are
 * refused at connect time; loopback only in tests) with the configured time limit, the clock, and where fixed-host
 * APIs (Webflow's) are reached.
 */
export function destinationIo(
  config: Pick<Config, 'FETCH_ALLOW_LOOPBACK' | 'FETCH_TIMEOUT_MS'> & Partial<Pick<Config, 'WEBFLOW_API_BASE_URL'>>,
  now: () => Date = () => new Date(),
): DestinationIo {
  return {
    ...(config.WEBFLOW_API_BASE_URL ? { apiBase: { webflow: config.WEBFLOW_API_BASE_URL } } : {}),
    fetch: guardedFetch({
      allowLoopback: config.FETCH_ALLOW_LOOPBACK,
      timeoutMs: config.FETCH_TIMEOUT_MS,
      maxBytes: DESTINATION_MAX_BYTES,
    }),
    now,
  };
}
