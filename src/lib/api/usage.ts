import type { Usage } from '../usage/schema.ts';
import { ACCOUNT_CALL, api } from './client.ts';

export type { PlanId, Usage } from '../usage/schema.ts';

/** The usage of the signed-in account (not of a project). */
export function fetchUsage(): Promise<Usage> {
  return api.get('usage', ACCOUNT_CALL).json<Usage>();
}

/** POST /billing/portal: the Stripe customer-portal address to send the browser to. */
export function openBillingPortal(): Promise<{ url: string }> {
  return api.post('billing/portal', ACCOUNT_CALL).json<{ url: string }>();
}
