import { ghostAdapter } from './ghost.ts';
import { shopifyAdapter } from './shopify.ts';
import type { DestinationAdapter, DestinationKind } from './types.ts';
import { webflowAdapter } from './webflow.ts';
import { webhook } from './webhook.ts';
import { wordpress } from './wordpress.ts';

/**
 * Every kind of destination a project can publish to: kind → adapter, one line each (issue 28). A kind listed here is
 * offered in Projects → Publishing, accepted by the API and delivered to; one that is not is refused. A new
 * destination is its file beside this one, a line here and a conformance test (tests/api/destinations/).
 */
export const DESTINATION_ADAPTERS: Partial<Record<DestinationKind, DestinationAdapter>> = {
  wordpress: wordpress as unknown as DestinationAdapter,
  ghost: ghostAdapter as unknown as DestinationAdapter,
  webflow: webflowAdapter as unknown as DestinationAdapter,
  shopify: shopifyAdapter as unknown as DestinationAdapter,
  webhook: webhook as unknown as DestinationAdapter,
};

/** The adapter of a kind, or undefined when this build has none. */
export function adapterOf(kind: string): DestinationAdapter | undefined {
  return Object.hasOwn(DESTINATION_ADAPTERS, kind) ? DESTINATION_ADAPTERS[kind as DestinationKind] : undefined;
}
