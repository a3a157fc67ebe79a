import { ghostAdapter } from './ghost.ts';
import { shopifyAdapter } from './shopify.ts';
import type { DestinationAdapter, DestinationKind } from './types.ts';
import { webflowAdapter } from './webflow.ts';

/**
 * Every kind of destination and its adapter: the delivery job, "Test connection" and the settings forms look an
 * adapter up here by kind. A new destination is its file beside this one and a line here (and a conformance test).
 */
export const DESTINATION_ADAPTERS: Partial<Record<DestinationKind, DestinationAdapter>> = {
  ghost: ghostAdapter as unknown as DestinationAdapter,
  webflow: webflowAdapter as unknown as DestinationAdapter,
  shopify: shopifyAdapter as unknown as DestinationAdapter,
};
