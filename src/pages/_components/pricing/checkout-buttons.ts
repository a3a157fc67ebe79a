// The signed-in pricing cards: each paid plan's button opens a Stripe Checkout session the server makes for the
// signed-in account (POST /api/billing/checkout); the page never tells Stripe who is paying.
import { loadPublicConfig, type PublicConfig } from '../../../lib/public-config.ts';

type Offer = PublicConfig['stripe']['checkout'][number];

const wired = new WeakSet<HTMLElement>();

/** The billing period the cards show now (the pressed switch button). */
function chosenPeriod(root: HTMLElement): Offer['period'] {
  return root.querySelector('[data-period][aria-pressed="true"]')?.getAttribute('data-period') === 'annually'
    ? 'annually'
    : 'monthly';
}

/** Enables the buttons of plans sold with the chosen period; the others say they are not available. */
function refresh(section: HTMLElement, offers: Offer[]): void {
  const root = section.querySelector<HTMLElement>('[data-pricing]');
  if (!root) return;
  const period = chosenPeriod(root);
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-checkout]')) {
    if (button.getAttribute('aria-busy') === 'true') continue;
    const sold = offers.some((offer) => offer.plan === button.dataset.checkout && offer.period === period);
    button.disabled = !sold;
    button.textContent = sold ? (button.dataset.label ?? '') : (section.dataset.unavailable ?? '');
  }
}

/** Sends the browser to Stripe's checkout for one plan, or says why it cannot. */
async function buy(section: HTMLElement, button: HTMLButtonElement): Promise<void> {
  const root = section.querySelector<HTMLElement>('[data-pricing]')!;
  const error = section.querySelector<HTMLElement>('[data-checkout-error]')!;
  error.textContent = '';
  button.after(error); // said under the button pressed, where the eye is (the cards stack on a phone)
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  button.textContent = section.dataset.opening ?? '';
  try {
    const { openCheckout } = await import('../../../lib/api/usage.ts');
    const { url } = await openCheckout({
      plan: button.dataset.checkout as Offer['plan'],
      period: chosenPeriod(root),
    });
    window.location.assign(url);
  } catch (failure) {
    const { errorMessage } = await import('../../../lib/api/client.ts');
    error.textContent = errorMessage(failure, section.dataset.failed ?? '');
    button.removeAttribute('aria-busy');
    button.disabled = false;
    button.textContent = button.dataset.label ?? '';
  }
}

/**
 * Signed in: once the payment options load, the plan cards move into the signed-in part of the section with
 * checkout buttons (the Free plan's link goes to the dashboard). Without Stripe the loading text stays.
 */
export async function offerCheckout(section: HTMLElement): Promise<void> {
  const config = await loadPublicConfig().catch(() => null);
  const offers = config?.stripe.checkout ?? [];
  const slot = section.querySelector<HTMLElement>('[data-checkout-slot]');
  const root = section.querySelector<HTMLElement>('[data-pricing]');
  if (!offers.length || !slot || !root) return; // not configured: "Loading payment options..." remains
  for (const link of root.querySelectorAll<HTMLAnchorElement>('[data-cta-link]')) {
    const paid = Boolean(link.parentElement?.querySelector('[data-checkout]'));
    link.hidden = paid;
    link.href = '/dashboard';
  }
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-checkout]')) button.hidden = false;
  if (!wired.has(section)) {
    wired.add(section);
    root.addEventListener('click', (event) => {
      const target = event.target as HTMLElement;
      const button = target.closest<HTMLButtonElement>('[data-checkout]');
      if (button && !button.disabled) void buy(section, button);
      if (target.closest('[data-period]')) refresh(section, offers);
    });
  }
  refresh(section, offers);
  slot.replaceChildren(root);
}

/** Signed out again: the cards go back to the visitors' part with their sign-up links. */
export function useSignUpLinks(section: HTMLElement): void {
  const home = section.querySelector<HTMLElement>('[data-plans-home]');
  const root = section.querySelector<HTMLElement>('[data-pricing]');
  if (!home || !root || root.parentElement === home) return;
  for (const link of root.querySelectorAll<HTMLAnchorElement>('[data-cta-link]')) {
    link.hidden = false;
    link.href = '/signup';
  }
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-checkout]')) button.hidden = true;
  home.replaceChildren(root);
}
