/** Run-time browser configuration served by GET /api/public-config. */
export interface PublicConfig {
  firebase: { apiKey: string; authDomain: string; projectId: string; appId: string | null };
  auth_emulator_url: string | null;
  /** The plans and periods the pricing page can open a Stripe Checkout for; empty when Stripe is not configured. */
  stripe: { checkout: { plan: 'starter' | 'pro' | 'scale'; period: 'monthly' | 'annually' }[] };
  gtm_id: string | null;
  support_email: string;
}

let pending: Promise<PublicConfig> | undefined;

/** Fetched once per page; later callers share the same promise. */
export function loadPublicConfig(): Promise<PublicConfig> {
  pending ??= fetch('/api/public-config').then((response) => {
    if (!response.ok) throw new Error(`public config: HTTP ${response.status}`);
    return response.json() as Promise<PublicConfig>;
  });
  pending.catch(() => {
    pending = undefined;
  });
  return pending;
}
