import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

/** IPv6 global unicast (RFC 4291 §2.4): everything a user-supplied URL may reach lies inside it. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * True when a connection to this IP must be refused. An allowlist, not a blocklist: only addresses ipaddr.js
 * classes as plain 'unicast' pass (IPv6 also inside 2000::/3), so private, loopback, link-local, CGNAT,
 * multicast, documentation, benchmark, NAT64, 6to4, Teredo, site-local, IPv4-compatible (::/96) and every
 * IPv4-mapped form are refused without listing each one. Loopback passes only when the caller allows it (tests).
 */
export function isBlockedAddress(address: string, options: { allowLoopback?: boolean } = {}): boolean {
  // node:net is strict about spelling (no "127.1", no hex octets); ipaddr.js then classifies.
  if (isIP(address) === 0) return true;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return true;
  }
  const range = parsed.range();
  if (range === 'loopback') return !options.allowLoopback;
  if (range !== 'unicast') return true;
  return parsed.kind() === 'ipv6' && !parsed.match(GLOBAL_UNICAST_V6);
}
