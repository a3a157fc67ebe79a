import type { Context } from 'hono';
import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';
import type { AppEnv } from './hono.ts';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Range = [Address, number];

/** An IP written alone or with a port ("1.2.3.4:80", "[2001:db8::1]:443"), IPv4-mapped IPv6 read as IPv4; null for anything else. */
export function parseAddress(text: string): Address | null {
  let value = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1]) value = bracketed[1];
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  // node:net is strict about spelling (no "127.1", no hex or octal parts); ipaddr.js does the rest.
  if (isIP(value) === 0) return null;
  try {
    const address = ipaddr.parse(value);
    return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
      ? (address as ipaddr.IPv6).toIPv4Address()
      : address;
  } catch {
    return null;
  }
}

/** One TRUSTED_PROXIES entry as a range: "10.0.0.0/8", "2001:db8::/32", or a single address; null when it is neither. */
export function parseProxyRange(entry: string): Range | null {
  const text = entry.trim();
  if (text.includes('/')) {
    if (!ipaddr.isValidCIDR(text)) return null;
    const [network, bits] = ipaddr.parseCIDR(text);
    if (network.kind() === 'ipv6' && (network as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
      return [(network as ipaddr.IPv6).toIPv4Address(), bits - 96];
    }
    return [network, bits];
  }
  const address = parseAddress(text);
  return address ? [address, address.kind() === 'ipv4' ? 32 : 128] : null;
}

const parsedLists = new WeakMap<string[], Range[]>();

function rangesOf(trustedProxies: string[]): Range[] {
  let ranges = parsedLists.get(trustedProxies);
  if (!ranges) {
    ranges = trustedProxies.map(parseProxyRange).filter((range): range is Range => range !== null);
    parsedLists.set(trustedProxies, ranges);
  }
  return ranges;
}

function isTrusted(address: Address, ranges: Range[]): boolean {
  return ranges.some(([network, bits]) => network.kind() === address.kind() && address.match(network, bits));
}

/**
 * The address a request came from: the TCP peer, or, when the peer is a trusted proxy, the nearest X-Forwarded-For
 * hop that is not itself trusted. A hop that is not an IP address is never taken as the client: the walk stops
 * there and the last proxy that could be vouched for stands in, so a client cannot choose its own key with text.
 */
export function clientAddress(c: Context<AppEnv>, trustedProxies: string[]): string {
  return addressFrom(c.env?.incoming?.socket?.remoteAddress, c.req.header('x-forwarded-for'), trustedProxies);
}

/** clientAddress from a socket's raw remoteAddress and the X-Forwarded-For header (the blog's fast path has no Hono context). */
export function addressFrom(rawPeer: string | undefined, forwardedFor: string | undefined, trustedProxies: string[]) {
  const peer = rawPeer ? parseAddress(rawPeer) : null;
  if (!peer) return 'unknown';
  const ranges = rangesOf(trustedProxies);
  if (!isTrusted(peer, ranges)) return peer.toString();
  const hops = (forwardedFor ?? '').split(',').filter((hop) => hop.trim() !== '');
  let vouched = peer;
  // Walk from the nearest hop back: each trusted proxy vouches for the one before it.
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = parseAddress(hops[index] ?? '');
    if (!hop) break;
    if (!isTrusted(hop, ranges)) return hop.toString();
    vouched = hop;
  }
  return vouched.toString();
}

/** The key abuse limits count under: an IPv4 address as is, an IPv6 address by its /64 (one subscriber's whole network). */
export function clientKey(address: string): string {
  const parsed = parseAddress(address);
  if (!parsed) return address;
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

/** True when the TCP peer is one of TRUSTED_PROXIES, so headers it sets about the request (X-Forwarded-*) count. */
export function peerIsTrusted(c: Context<AppEnv>, trustedProxies: string[]): boolean {
  return addressIsTrusted(c.env?.incoming?.socket?.remoteAddress, trustedProxies);
}

/** peerIsTrusted for a socket's raw remoteAddress: the blog's fast path asks before any Hono context exists. */
export function addressIsTrusted(rawPeer: string | undefined, trustedProxies: string[]): boolean {
  if (trustedProxies.length === 0 || !rawPeer) return false;
  const peer = parseAddress(rawPeer);
  return peer !== null && isTrusted(peer, rangesOf(trustedProxies));
}
