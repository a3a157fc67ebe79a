// On pages without a preset industry, the insights panel follows the business type chosen in the questionnaire (spec §2.8).
import { BUSINESS_TYPE_EVENT } from '../../../lib/calculator/events.ts';

window.addEventListener(BUSINESS_TYPE_EVENT, (event) => {
  const industry = (event as CustomEvent<string | null>).detail ?? '';
  const variants = document.querySelectorAll<HTMLElement>('[data-insights-for]');
  if (![...variants].some((variant) => variant.dataset.insightsFor === industry)) return;
  for (const variant of variants) variant.hidden = variant.dataset.insightsFor !== industry;
});
