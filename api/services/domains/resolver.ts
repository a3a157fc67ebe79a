import { Resolver } from 'node:dns/promises';
import type { Config } from '../../config.ts';
import { systemResolver, type DomainResolver } from './verbs.ts';

const made = new Map<string, DomainResolver>();

/**
 * The resolver custom-domain checks use: the system's, or one asking only DNS_SERVERS (an operator's choice of
 * resolver, or a fake DNS server on loopback in the browser tests). One per server list, made on first use.
 */
export function resolverFor(config: Pick<Config, 'DNS_SERVERS'>): DomainResolver {
  if (!config.DNS_SERVERS.length) return systemResolver;
  const key = config.DNS_SERVERS.join(',');
  let resolver = made.get(key);
  if (!resolver) {
    const asking = new Resolver({ timeout: 3_000, tries: 2 });
    asking.setServers(config.DNS_SERVERS);
    resolver = { resolveTxt: (name) => asking.resolveTxt(name) };
    made.set(key, resolver);
  }
  return resolver;
}
