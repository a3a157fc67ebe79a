import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress, clientKey, parseProxyRange } from '../../api/lib/client-address.ts';
import type { AppEnv } from '../../api/lib/hono.ts';

/** What the route computes, for a request whose TCP peer is `peer` (passed the way @hono/node-server passes it). */
async function keyOf(peer: string, trustedProxies: string[], forwardedFor?: string): Promise<string> {
  const app = new Hono<AppEnv>().get('/', (c) => c.text(clientKey(clientAddress(c, trustedProxies))));
  const headers: Record<string, string> = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
  const response = await app.request('/', { headers }, { incoming: { socket: { remoteAddress: peer } } });
  return response.text();
}

describe('clientKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:0000:0000:0000:0009', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
  ])('keys %s as %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });

  it('gives the 50 addresses of one /64 a single key', () => {
    const keys = new Set(
      Array.from({ length: 50 }, (_, index) => clientKey(`2001:db8:abcd:12::${(index + 1).toString(16)}`)),
    );

    expect([...keys]).toEqual(['2001:db8:abcd:12::/64']);
  });
});

describe('parseProxyRange', () => {
  it.each(['10.0.0.0/8', '192.168.1.5', '2001:db8::/32', '::1', 'fd00::/8', '::ffff:10.0.0.0/104'])(
    'accepts %s',
    (entry) => {
      expect(parseProxyRange(entry)).not.toBeNull();
    },
  );

  it.each(['proxy.internal', '10.0.0.0/33', '2001:db8::/129', '10.0.0.0/8/1', '999.1.1.1', '10.1', '', 'unknown'])(
    'refuses %j',
    (entry) => {
      expect(parseProxyRange(entry)).toBeNull();
    },
  );
});

describe('clientAddress', () => {
  it.each([
    // [case, peer, TRUSTED_PROXIES, X-Forwarded-For, key]
    [
      'an untrusted peer is the client, whatever it forwards',
      '198.51.100.9',
      ['10.0.0.0/8'],
      '203.0.113.1',
      '198.51.100.9',
    ],
    [
      'a peer inside a trusted IPv4 range hands over to the hop before it',
      '10.20.30.40',
      ['10.0.0.0/8'],
      '203.0.113.1',
      '203.0.113.1',
    ],
    [
      'a peer inside a trusted IPv6 range hands over',
      '2001:db8:ffff::5',
      ['2001:db8:ffff::/48'],
      '203.0.113.1',
      '203.0.113.1',
    ],
    ['an IPv4-mapped peer matches an IPv4 range', '::ffff:10.0.0.5', ['10.0.0.0/8'], '203.0.113.1', '203.0.113.1'],
    [
      'trusted hops are walked past, from the nearest back',
      '10.0.0.1',
      ['10.0.0.0/8', '172.16.0.0/12'],
      '203.0.113.1, 172.16.4.4, 10.9.9.9',
      '203.0.113.1',
    ],
    [
      'a client-written hop before the real one is not believed',
      '10.0.0.1',
      ['10.0.0.0/8'],
      '1.1.1.1, 203.0.113.1',
      '203.0.113.1',
    ],
    ['an IPv6 client is keyed by its /64', '10.0.0.1', ['10.0.0.0/8'], '2001:db8:5:6::77', '2001:db8:5:6::/64'],
    ['a hop with a port is read as its address', '10.0.0.1', ['10.0.0.0/8'], '203.0.113.1:5555', '203.0.113.1'],
    [
      'a bracketed IPv6 hop with a port is read as its address',
      '10.0.0.1',
      ['10.0.0.0/8'],
      '[2001:db8:5:6::77]:443',
      '2001:db8:5:6::/64',
    ],
    ['a text hop is never the client: the proxy stands in', '10.0.0.1', ['10.0.0.0/8'], '1.1.1.1, unknown', '10.0.0.1'],
    ['an obfuscated hop is never the client', '10.0.0.1', ['10.0.0.0/8'], '_hidden', '10.0.0.1'],
    [
      'a text hop behind two proxies leaves the nearer proxy as the client',
      '10.0.0.1',
      ['10.0.0.0/8'],
      '1.1.1.1, evil.example, 10.0.0.2',
      '10.0.0.2',
    ],
    ['a loose IPv4 spelling is not an address', '10.0.0.1', ['10.0.0.0/8'], '1.1.1.1, 127.1', '10.0.0.1'],
    ['an empty header leaves the proxy', '10.0.0.1', ['10.0.0.0/8'], '', '10.0.0.1'],
    ['only trusted hops: the farthest one is the client', '10.0.0.1', ['10.0.0.0/8'], '10.0.0.3, 10.0.0.2', '10.0.0.3'],
  ])('%s', async (_case, peer, trusted, forwardedFor, key) => {
    expect(await keyOf(peer, trusted, forwardedFor)).toBe(key);
  });
});
