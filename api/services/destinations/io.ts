import type { Config } from '../../config.ts';
import type { DestinationIo } from '../../destinations/types.ts';
import { guardedFetch } from '../../providers/safe-fetch/request.ts';

/** Largest answer a destination may send (a WordPress media item, an error page). */
const MAX_ANSWER_BYTES = 20 * 1024 * 1024;

const made = new WeakMap<Config, DestinationIo>();

/**
 * What adapters call remotes with: the guarded fetch (every destination address was typed by a user), the clock and
 * where fixed-host APIs are reached.
 */
export function destinationIo(config: Config): DestinationIo {
  let io = made.get(config);
  if (!io) {
    io = {
      fetch: guardedFetch({
        timeoutMs: config.DELIVERY_TIMEOUT_MS,
        maxBytes: MAX_ANSWER_BYTES,
        allowLoopback: config.FETCH_ALLOW_LOOPBACK,
      }),
      now: () => new Date(),
      // Fixed-host APIs (Webflow's) from configuration; unset, the real service.
      ...(config.WEBFLOW_API_BASE_URL ? { apiBase: { webflow: config.WEBFLOW_API_BASE_URL } } : {}),
    };
    made.set(config, io);
  }
  return io;
}
