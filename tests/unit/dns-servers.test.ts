// DNS_SERVERS: the custom-domain check asks exactly those servers, over real DNS on loopback (the browser tests' setup).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config.ts';
import { resolverFor } from '../../api/services/domains/resolver.ts';
import { systemResolver } from '../../api/services/domains/verbs.ts';
import { startFakeDns } from '../fixtures/fake-dns/server.mjs';

let dns: Awaited<ReturnType<typeof startFakeDns>>;
beforeAll(async () => {
  dns = await startFakeDns();
});
afterAll(async () => dns.stop());

describe('DNS_SERVERS', () => {
  it('sends TXT lookups to the configured server', async () => {
    dns.setTxt('_inkpilot-verify.Blog.Acme-Test.com', [['inkpilot-verify=abc'], ['v=spf1 ', '-all']]);
    const resolver = resolverFor(loadConfig({ DNS_SERVERS: `127.0.0.1:${dns.port}` }));

    expect(await resolver.resolveTxt('_inkpilot-verify.blog.acme-test.com')).toEqual([
      ['inkpilot-verify=abc'],
      ['v=spf1 ', '-all'],
    ]);
    await expect(resolver.resolveTxt('_inkpilot-verify.nobody.acme-test.com')).rejects.toMatchObject({
      code: 'ENOTFOUND',
    });
  });

  it('uses the system resolver when unset, and refuses a server that is not an IP address', () => {
    expect(resolverFor(loadConfig({}))).toBe(systemResolver);
    expect(() => loadConfig({ DNS_SERVERS: 'dns.example.com' })).toThrow(/DNS_SERVERS/);
  });
});
