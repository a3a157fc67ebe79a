import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isBlockedAddress, safeFetch, SafeFetchError } from '../../api/providers/safe-fetch/index.ts';

/**
 * Every range a user-supplied URL must never reach, with its first address and one from the middle. The guard is
 * checked against each address, its IPv4-mapped / IPv4-compatible / NAT64 spellings, and its URL forms.
 */
const SSRF_RANGES: [range: string, first: string, middle: string][] = [
  ['0.0.0.0/8', '0.0.0.0', '0.128.0.1'],
  ['10.0.0.0/8', '10.0.0.0', '10.128.7.9'],
  ['100.64.0.0/10', '100.64.0.0', '100.96.1.1'],
  ['127.0.0.0/8', '127.0.0.0', '127.128.0.1'],
  ['169.254.0.0/16', '169.254.0.0', '169.254.169.254'],
  ['172.16.0.0/12', '172.16.0.0', '172.24.1.1'],
  ['192.0.0.0/24', '192.0.0.0', '192.0.0.128'],
  ['192.0.2.0/24 (documentation)', '192.0.2.0', '192.0.2.128'],
  ['192.88.99.0/24 (6to4 relay)', '192.88.99.0', '192.88.99.128'],
  ['192.168.0.0/16', '192.168.0.0', '192.168.128.1'],
  ['198.18.0.0/15 (benchmarking)', '198.18.0.0', '198.19.0.1'],
  ['198.51.100.0/24 (documentation)', '198.51.100.0', '198.51.100.128'],
  ['203.0.113.0/24 (documentation)', '203.0.113.0', '203.0.113.128'],
  ['224.0.0.0/4 (multicast)', '224.0.0.0', '232.1.1.1'],
  ['240.0.0.0/4 (reserved)', '240.0.0.0', '248.1.1.1'],
  ['255.255.255.255/32 (broadcast)', '255.255.255.255', '255.255.255.255'],
  ['::/128 (unspecified)', '::', '::'],
  ['::1/128 (loopback)', '::1', '::1'],
  ['::/96 (IPv4-compatible)', '::0.0.0.2', '::127.0.0.1'],
  ['::ffff:0:0/96 (IPv4-mapped)', '::ffff:0.0.0.0', '::ffff:8.8.8.8'],
  ['64:ff9b::/96 (NAT64)', '64:ff9b::', '64:ff9b::808:808'],
  ['64:ff9b:1::/48 (local NAT64)', '64:ff9b:1::', '64:ff9b:1:8000::1'],
  ['100::/64 (discard)', '100::', '100::8000:0:0:1'],
  ['2001::/32 (Teredo)', '2001::', '2001:0:8000::1'],
  ['2001:2::/48 (benchmarking)', '2001:2::', '2001:2:0:8000::1'],
  ['2001:10::/28 (ORCHID)', '2001:10::', '2001:18::1'],
  ['2001:db8::/32 (documentation)', '2001:db8::', '2001:db8:8000::1'],
  ['2002::/16 (6to4)', '2002::', '2002:8000::1'],
  ['3fff::/20 (documentation)', '3fff::', '3fff:800::1'],
  ['5f00::/16 (segment routing)', '5f00::', '5f00:8000::1'],
  ['fc00::/7 (unique local)', 'fc00::', 'fd80::1'],
  ['fe80::/10 (link-local)', 'fe80::', 'fe80::8000:0:0:1'],
  ['fec0::/10 (site-local)', 'fec0::', 'fed0::1'],
  ['ff00::/8 (multicast)', 'ff00::', 'ff80::1'],
  ['outside 2000::/3 (not global unicast)', '4000::1', 'e000::1'],
];

/** An IPv4 address as the two low hextets of an IPv6 address ("7f00:1"). */
function hextets(ipv4: string): string {
  const [a, b, c, d] = ipv4.split('.').map(Number) as [number, number, number, number];
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

/** The spellings of one address the guard must refuse: itself, and for IPv4 every IPv6 form that embeds it. */
function spellings(address: string): string[] {
  if (!address.includes('.') || address.includes(':')) return [address];
  return [
    address,
    `::ffff:${address}`,
    `::ffff:${hextets(address)}`,
    `0:0:0:0:0:ffff:${address}`,
    `::${address}`,
    `::${hextets(address)}`,
    `64:ff9b::${address}`,
    `2002:${hextets(address)}::1`,
  ];
}

/** How a URL may name the address: bare, with a port and path (IPv6 in brackets). */
function urlForms(address: string): string[] {
  const host = address.includes(':') ? `[${address}]` : address;
  return [`http://${host}/`, `https://${host}:8443/reel/x`];
}

const cases = SSRF_RANGES.flatMap(([range, first, middle]) =>
  [...new Set([first, middle])].flatMap((address) => spellings(address).map((spelling) => [range, spelling] as const)),
);

describe('isBlockedAddress', () => {
  it.each(cases)('%s: refuses %s', (_range, address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(cases.filter(([, address]) => !/^127\./.test(address) && address !== '::1'))(
    '%s: refuses %s even when loopback is allowed for tests',
    (_range, address) => {
      expect(isBlockedAddress(address, { allowLoopback: true })).toBe(true);
    },
  );

  it.each(['not-an-ip', '', '127.1', '0x7f.0.0.1', '2130706433', '::ffff:127.0.0.1:80', '1.2.3.4/8'])(
    'refuses %j, which is not an address',
    (address) => {
      expect(isBlockedAddress(address)).toBe(true);
    },
  );

  it.each([
    '8.8.8.8',
    '157.240.1.174',
    '172.32.0.1',
    '100.128.0.1',
    '2a03:2880:f10c:83:face:b00c:0:25de',
    '2606:4700:4700::1111',
  ])('allows the public address %s', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });

  it('allows loopback only when told to, and never private ranges', () => {
    expect(isBlockedAddress('127.0.0.1', { allowLoopback: true })).toBe(false);
    expect(isBlockedAddress('::1', { allowLoopback: true })).toBe(false);
    expect(isBlockedAddress('10.0.0.1', { allowLoopback: true })).toBe(true);
  });
});

describe('safeFetch refuses every SSRF range before connecting', () => {
  const urlCases = SSRF_RANGES.flatMap(([range, first, middle]) =>
    [...new Set([first, middle])].flatMap((address) =>
      spellings(address).flatMap((spelling) => urlForms(spelling).map((url) => [range, url] as const)),
    ),
  );
  const legacyLoopback = [
    'http://2130706433/',
    'http://0x7f.1/',
    'http://017700000001/',
    'http://127.1/',
    'http://[::127.0.0.1]/',
    'http://[0:0:0:0:0:ffff:127.0.0.1]/',
  ];

  it.each(urlCases)('%s: %s', async (_range, url) => {
    const outcome = await safeFetch(url, { maxBytes: 1024, timeoutMs: 2_000 }).then(
      () => 'fetched',
      (error: unknown) => (error instanceof SafeFetchError ? error.reason : String(error)),
    );
    expect(outcome).toBe('blocked');
  });

  it.each(legacyLoopback)('loopback spelled %s', async (url) => {
    const outcome = await safeFetch(url, { maxBytes: 1024, timeoutMs: 2_000 }).then(
      () => 'fetched',
      (error: unknown) => (error instanceof SafeFetchError ? error.reason : String(error)),
    );
    expect(outcome).toBe('blocked');
  });
});

describe('safeFetch', () => {
  async function server(handler: Parameters<typeof createServer>[1]) {
    const instance = createServer(handler);
    await new Promise<void>((done) => instance.listen(0, '127.0.0.1', done));
    return { origin: `http://127.0.0.1:${(instance.address() as AddressInfo).port}`, close: () => instance.close() };
  }
  const limits = { maxBytes: 1024, timeoutMs: 2_000, allowLoopback: true };
  const reason = (promise: Promise<unknown>) =>
    promise.then(
      () => 'ok',
      (error: unknown) => (error instanceof SafeFetchError ? error.reason : String(error)),
    );

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

    const refused = await reason(
      safeFetch(target.origin.replace('127.0.0.1', 'localhost'), { ...limits, allowLoopback: false }),
    );
    target.close();

    expect(refused).toBe('blocked');
  });

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'ftp://example.com/x', 'http://user:pw@example.com/'])(
    'refuses %s',
    async (url) => {
      expect(await reason(safeFetch(url, limits))).toBe('bad_url');
    },
  );

  it('re-checks every redirect hop', async () => {
    const target = await server((_req, res) => res.writeHead(302, { location: 'http://192.168.0.10/admin' }).end());

    const refused = await reason(safeFetch(target.origin, limits));
    target.close();

    expect(refused).toBe('blocked');
  });

  it('closes a redirect at once instead of downloading its body', async () => {
    const BODY_BYTES = 256 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 120);
    let sent = 0;
    let redirectClosed!: () => void;
    const closed = new Promise<void>((done) => (redirectClosed = done));
    // 302 with a huge body written as fast as the reader takes it; the target answers after.
    const target = await server((req, res) => {
      if (req.url === '/target') return res.end('ok');
      res.writeHead(302, { location: '/target', 'content-length': String(BODY_BYTES) });
      res.on('close', () => redirectClosed());
      const pump = () => {
        while (sent < BODY_BYTES && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });

    const answer = await safeFetch(`${target.origin}/redirect`, { ...limits, timeoutMs: 60_000 });
    await closed;
    target.close();

    expect(answer.body.toString()).toBe('ok');
    expect(sent).toBeLessThan(BODY_BYTES / 8);
  });

  it('stops after 5 redirects', async () => {
    const target = await server((req, res) =>
      res.writeHead(302, { location: `/hop${Number(req.url?.slice(4) || 0) + 1}` }).end(),
    );

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

  it('stops a chunked body larger than the size cap that arrives in one piece (it once resolved empty)', async () => {
    const target = await server((_req, res) => {
      res.writeHead(200); // no Content-Length: chunked
      res.end(Buffer.alloc(4096));
    });

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
