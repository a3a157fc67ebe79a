import type { Context } from 'hono';
import type { AppEnv } from './hono.ts';

function plain(address: string): string {
  return address.trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1').toLowerCase();
}

/** The address a request came from: the TCP peer, or the nearest untrusted X-Forwarded-For hop when the peer is a trusted proxy. */
export function clientAddress(c: Context<AppEnv>, trustedProxies: string[]): string {
  const peer = plain(c.env?.incoming?.socket?.remoteAddress ?? 'unknown');
  const trusted = new Set(trustedProxies.map(plain));
  if (!trusted.has(peer)) return peer;
  const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map(plain).filter(Boolean);
  // Walk from the nearest hop back: each trusted proxy vouches for the one before it.
  for (let index = hops.length - 1; index >= 0; index--) {
    if (!trusted.has(hops[index]!)) return hops[index]!;
  }
  return hops[0] ?? peer;
}
