import type { Plan } from '../../../data/plans.ts';

/** Product + Offer JSON-LD for the plans (one Offer per plan and billing period), for rich results. */
export function plansJsonLd(site: URL, plans: Plan[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Inkpilot',
    description:
      'AI blogging and SEO platform: keyword research, competitor analysis, long-form articles and a hosted blog.',
    brand: { '@type': 'Brand', name: 'Inkpilot' },
    url: new URL('/pricing', site).href,
    offers: plans.flatMap((plan) => [
      {
        '@type': 'Offer',
        name: `${plan.name} (monthly)`,
        price: plan.price.monthly,
        priceCurrency: 'USD',
        url: new URL('/pricing', site).href,
      },
      ...(plan.price.annually > 0
        ? [
            {
              '@type': 'Offer',
              name: `${plan.name} (annual)`,
              price: plan.price.annually,
              priceCurrency: 'USD',
              url: new URL('/pricing', site).href,
            },
          ]
        : []),
    ]),
  };
}
