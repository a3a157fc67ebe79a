// Consent-gated analytics (spec public-site §7): nothing reaches window.dataLayer before the visitor accepts.
import { loadPublicConfig } from './public-config.ts';
import { STORAGE } from './storage-keys.ts';

export type AnalyticsEvent =
  | 'cta_click'
  | 'navigation_click'
  | 'menu_toggle'
  | 'logout'
  | 'form_submit'
  | 'seo_audit_request'
  | 'form_interaction'
  | 'landing_tool_click'
  | 'tools_section_conversion'
  | 'page_view';

export type Consent = 'granted' | 'denied';
type Params = Record<string, string | number | boolean | null | undefined>;

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const pending: Record<string, unknown>[] = [];
let tagManagerRequested = false;

/** The stored consent choice (a cookie kept 365 days), or null when the visitor has not chosen yet. */
export function readConsent(): Consent | null {
  const match = document.cookie.match(new RegExp(`(?:^|; )${STORAGE.consent.replace('.', '\\.')}=(granted|denied)`));
  return (match?.[1] as Consent | undefined) ?? null;
}

/** Records the visitor's choice; on "granted" the page views and events seen so far on this page are sent. */
export function setConsent(choice: Consent): void {
  document.cookie = `${STORAGE.consent}=${choice}; max-age=${CONSENT_MAX_AGE_SECONDS}; path=/; samesite=lax`;
  if (choice === 'granted') flush();
  else pending.length = 0;
}

/** Pushes one event to the tag manager's dataLayer, or holds it for this page until the visitor chooses. */
export function track(event: AnalyticsEvent, params: Params = {}): void {
  const entry = { event, ...params };
  const consent = readConsent();
  if (consent === 'granted') push(entry);
  else if (consent === null) pending.push(entry);
}

/** Spec workspace §6: how a signed-in user is reported to analytics. */
export type AnalyticsRole = 'superuser' | 'admin' | 'user';

/** The analytics role of a user: superuser, else admin, else user. */
export function analyticsRole(user: { is_admin: boolean; is_superuser: boolean }): AnalyticsRole {
  if (user.is_superuser) return 'superuser';
  return user.is_admin ? 'admin' : 'user';
}

/** A workspace page view (client-side navigation included), with the signed-in user's role. */
export function trackWorkspacePageView(role: AnalyticsRole): void {
  track('page_view', { page_path: location.pathname, page_title: document.title, user_role: role });
}

/** A page-view event for the current page; `<ConsentBanner />` sends it, so every page with the banner records one. */
export function trackPageView(): void {
  track('page_view', { page_path: location.pathname, page_title: document.title });
}

function flush(): void {
  for (const entry of pending.splice(0)) push(entry);
}

function push(entry: Record<string, unknown>): void {
  window.dataLayer ??= [];
  window.dataLayer.push(entry);
  void loadTagManager();
}

/** Google Tag Manager is loaded only with consent and only when a container id is configured. */
async function loadTagManager(): Promise<void> {
  if (tagManagerRequested) return;
  tagManagerRequested = true;
  const { gtm_id: id } = await loadPublicConfig().catch(() => ({ gtm_id: null }));
  if (!id) return;
  window.dataLayer?.unshift({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  document.head.append(script);
}
