// Consent banner and the page view it governs, on every public page (spec §7): the view waits for the visitor's choice.
import { readConsent, setConsent, trackPageView, type Consent } from '../../lib/analytics.ts';

trackPageView();

const banner = document.querySelector<HTMLElement>('[data-consent-banner]');
if (banner && readConsent() === null) {
  banner.hidden = false;
  banner.addEventListener('click', (event) => {
    const choice = event.target instanceof HTMLElement ? event.target.dataset.consent : undefined;
    if (!choice) return;
    setConsent(choice as Consent);
    banner.hidden = true;
  });
}
