// Pricing behaviour: billing toggle, tooltip modal with scroll lock, and the signed-in plan buttons (checkout).
import { track } from '../../../lib/analytics.ts';
import { $session } from '../../../lib/auth/session.ts';
import { offerCheckout, useSignUpLinks } from './checkout-buttons.ts';

for (const root of document.querySelectorAll<HTMLElement>('[data-pricing]')) {
  root.querySelectorAll<HTMLButtonElement>('[data-period]').forEach((button, _, buttons) => {
    button.addEventListener('click', () => {
      const period = button.dataset.period === 'annually' ? 'annually' : 'monthly';
      for (const other of buttons) other.setAttribute('aria-pressed', String(other === button));
      for (const element of root.querySelectorAll<HTMLElement>('[data-price], [data-original], [data-period-label]')) {
        const value = element.dataset[period] ?? '';
        element.textContent = value;
        if (element.matches('[data-original]')) element.hidden = value === '';
      }
      track('form_interaction', { form: 'billing_period', period });
    });
  });

  const modal = root.querySelector<HTMLDialogElement>('[data-tooltip-modal]');
  if (!modal) continue;
  const unlock = () => (document.documentElement.style.overflow = '');
  // the dialog's close event comes a task later: unlock with the close itself, and on the event for Escape
  const close = () => {
    modal.close();
    unlock();
  };
  modal.addEventListener('close', unlock);
  modal.querySelector('[data-tooltip-close]')?.addEventListener('click', close);
  // a click on the backdrop lands on the dialog element itself, outside its content box
  modal.addEventListener('click', (event) => {
    if (event.target === modal) close();
  });
  for (const trigger of root.querySelectorAll<HTMLElement>('[data-tooltip]')) {
    trigger.addEventListener('click', () => {
      modal.querySelector('[data-tooltip-title-slot]')!.textContent = trigger.dataset.tooltipTitle ?? '';
      modal.querySelector('[data-tooltip-body]')!.textContent = trigger.dataset.tooltip ?? '';
      document.documentElement.style.overflow = 'hidden';
      modal.showModal();
    });
  }
}

$session.subscribe((session) => {
  for (const section of document.querySelectorAll<HTMLElement>('[data-pricing-section]')) {
    if (session.status === 'signed-in') void offerCheckout(section);
    else if (session.status === 'signed-out') useSignUpLinks(section);
  }
});
