import { BlockList, isIP } from 'node:net';

/** Addresses a user-supplied URL must never reach: private, link-local, CGNAT, multicast, unspecified, mapped. */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // unspecified / "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved + broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** ::ffff:a.b.c.d (any spelling) and 64:ff9b::/96 can smuggle any IPv4 address past an IPv6-only check. */
const MAPPED = /^(::ffff:|0:0:0:0:0:ffff:|64:ff9b::)/i;

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** True when a connection to this IP must be refused; loopback passes only when the caller allows it (tests). */
export function isBlockedAddress(address: string, options: { allowLoopback?: boolean } = {}): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (loopback.check(address, type)) return !options.allowLoopback;
  // Node's BlockList matches IPv4 rules against IPv4-mapped IPv6, so mapped and NAT64 forms are refused outright.
  if (type === 'ipv6' && MAPPED.test(address)) return true;
  return blocked.check(address, type);
}
