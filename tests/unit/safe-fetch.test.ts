import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isBlockedAddress, safeFetch, SafeFetchError } from '../../api/providers/safe-fetch/index.ts';

describe('isBlockedAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'IPv6 loopback'],
    ['10.1.2.3', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12 (top)'],
    ['192.168.1.1', 'private 192.168/16'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'CGNAT'],
    ['224.0.0.1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fd12:3456::1', 'IPv6 unique local'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form'],
    ['not-an-ip', 'not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '157.240.1.174', '172.32.0.1', '2a03:2880:f10c:83:face:b00c:0:25de'])('allows the public address %s', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });

  it('allows loopback only when told to, and never private ranges', () => {
    expect(isBlockedAddress('127.0.0.1', { allowLoopback: true })).toBe(false);
    expect(isBlockedAddress('::1', { allowLoopback: true })).toBe(false);
    expect(isBlockedAddress('10.0.0.1', { allowLoopback: true })).toBe(true);
  });
});

describe('safeFetch', () => {
  async function server(handler: Parameters<typeof createServer>[1]) {
    const instance = createServer(handler);
    await new Promise<void>((done) => instance.listen(0, '127.0.0.1', done));
    return { origin: `http://127.0.0.1:${(instance.address() as AddressInfo).port}`, close: () => instance.close() };
  }
  const limits = { maxBytes: 1024, timeoutMs: 2_000, allowLoopback: true };
  const reason = (promise: Promise<unknown>) => promise.then(() => 'ok', (error: unknown) => (error instanceof SafeFetchError ? error.reason : String(error)));

  it('refuses loopback unless allowed', async () => {
    const target = await server((_req, res) => res.end('hi'));

    const refused = await reason(safeFetch(target.origin, { ...limits, allowLoopback: false }));
    const allowed = await safeFetch(target.origin, limits);
    target.close();

    expect(refused).toBe('blocked');
    expect(allowed.body.toString()).toBe('hi');
  });

  it('refuses a host name that resolves to loopback when loopback is not allowed', async () => {
    const target = await server((_req, res) => res.end('hi'));

    const refused = await reason(safeFetch(target.origin.replace('127.0.0.1', 'localhost'), { ...limits, allowLoopback: false }));
    target.close();

    expect(refused).toBe('blocked');
  });

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'ftp://example.com/x', 'http://user:pw@example.com/'])('refuses %s', async (url) => {
    expect(await reason(safeFetch(url, limits))).toBe('bad_url');
  });

  it('re-checks every redirect hop', async () => {
    const target = await server((_req, res) => res.writeHead(302, { location: 'http://192.168.0.10/admin' }).end());

    const refused = await reason(safeFetch(target.origin, limits));
    target.close();

    expect(refused).toBe('blocked');
  });

  it('stops after 5 redirects', async () => {
    const target = await server((req, res) => res.writeHead(302, { location: `/hop${Number(req.url?.slice(4) || 0) + 1}` }).end());

    const refused = await reason(safeFetch(target.origin, limits));
    target.close();

    expect(refused).toBe('too_many_redirects');
  });

  it('stops a body larger than the size cap', async () => {
    const target = await server((_req, res) => res.end(Buffer.alloc(4096)));

    const refused = await reason(safeFetch(target.origin, limits));
    target.close();

    expect(refused).toBe('too_large');
  });

  it('gives up after the time cap', async () => {
    const target = await server(() => {});

    const refused = await reason(safeFetch(target.origin, { ...limits, timeoutMs: 200 }));
    target.close();

    expect(refused).toBe('timeout');
  });
});
