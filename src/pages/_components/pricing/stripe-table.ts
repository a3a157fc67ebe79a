import type { SessionUser } from '../../../lib/auth/types.ts';
import { loadPublicConfig } from '../../../lib/public-config.ts';

const POLL_MS = 100;
const SCRIPT_SRC = 'https://js.stripe.com/v3/pricing-table.js';

/** Embeds Stripe's pricing table for the signed-in user; the loading text stays until the custom element is defined. */
export async function mountPricingTable(slot: HTMLElement, user: SessionUser): Promise<void> {
  if (slot.dataset.mounted) return;
  slot.dataset.mounted = 'true';
  const config = await loadPublicConfig().catch(() => null);
  const { publishable_key: publishableKey, pricing_table_id: tableId } = config?.stripe ?? {};
  if (!publishableKey || !tableId) return; // not configured: "Loading payment options..." remains, as the spec says
  if (!document.querySelector(`script[src="${SCRIPT_SRC}"]`)) {
    const script = document.createElement('script');
    script.async = true;
    script.src = SCRIPT_SRC;
    document.head.append(script);
  }
  const timer = setInterval(() => {
    if (!customElements.get('stripe-pricing-table')) return;
    clearInterval(timer);
    const table = document.createElement('stripe-pricing-table');
    table.setAttribute('pricing-table-id', tableId);
    table.setAttribute('publishable-key', publishableKey);
    table.setAttribute('customer-email', user.email);
    table.setAttribute('client-reference-id', user.external_id);
    slot.replaceChildren(table);
  }, POLL_MS);
}
