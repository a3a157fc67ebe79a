/** Plan tiers as displayed (spec public-site §3 Plan tier, §9.1). Prices in USD; annual is per year. */
export interface PlanFeature {
  text: string;
  tooltip: string;
}

export interface Plan {
  id: 'free' | 'starter' | 'pro' | 'scale';
  name: string;
  price: { monthly: number; annually: number };
  originalPrice: { monthly: number | null };
  description: string;
  features: PlanFeature[];
  cta: string;
  popular: boolean;
  badge: string | null;
  valueContext: string | null;
}

export type BillingPeriod = 'monthly' | 'annually';

export const SCARCITY_TEXT = 'Only 3 Spots Left This Month!';

const priority = { text: 'Priority support', tooltip: 'Your questions go to the front of the support queue.' };

export const PLANS: Plan[] = [
  {
    id: 'free',
    name: 'Free',
    price: { monthly: 0, annually: 0 },
    originalPrice: { monthly: null },
    description: 'Try Inkpilot on your own site. No credit card.',
    features: [
      { text: '2 blogs per month + 3 bonus blogs on signup', tooltip: 'Two articles every month, plus three extra articles when you create your account.' },
      { text: 'Standard AI', tooltip: 'Our standard writing model, good for everyday articles.' },
      { text: 'Basic SEO suggestions', tooltip: 'Title, meta description and heading suggestions for each article.' },
    ],
    cta: 'Start for Free',
    popular: false,
    badge: null,
    valueContext: 'Free to start, no setup',
  },
  {
    id: 'starter',
    name: 'Starter',
    price: { monthly: 49, annually: 490 },
    originalPrice: { monthly: null },
    description: 'For founders who want a steady publishing rhythm.',
    features: [
      { text: '15 blogs per month', tooltip: 'Fifteen full-length articles every month.' },
      { text: 'Advanced AI', tooltip: 'A stronger model for deeper, better structured articles.' },
      { text: 'High-quality images', tooltip: 'A cover image and inline images generated for each article.' },
      { text: 'Advanced SEO', tooltip: 'Keyword targeting, internal headings and schema suggestions.' },
      { text: 'Competitor analysis', tooltip: 'See what the pages that rank for your keywords cover.' },
    ],
    cta: 'Get Starter',
    popular: false,
    badge: null,
    valueContext: null,
  },
  {
    id: 'pro',
    name: 'Pro',
    price: { monthly: 99, annually: 990 },
    originalPrice: { monthly: 199 },
    description: 'For teams that publish daily.',
    features: [
      { text: '30 blogs per month', tooltip: 'An article for every day of your 30-day content plan.' },
      { text: 'Automated internal linking', tooltip: 'New articles link to your related articles automatically.' },
      { text: 'Multi-language (10+)', tooltip: 'Publish in more than 10 languages from the same plan.' },
      priority,
    ],
    cta: 'Get Pro',
    popular: true,
    badge: 'Limited Time Offer',
    valueContext: null,
  },
  {
    id: 'scale',
    name: 'Scale',
    price: { monthly: 599, annually: 5990 },
    originalPrice: { monthly: 999 },
    description: 'For agencies and content-heavy businesses.',
    features: [
      { text: 'Unlimited blogs and content plans', tooltip: 'No monthly cap on articles or content plans.' },
      { text: 'Proprietary best AI', tooltip: 'Our best model, tuned for long-form SEO writing.' },
      { text: 'Full strategy suite', tooltip: 'Keyword, competitor and content-gap planning together.' },
      { text: '100+ languages', tooltip: 'Write in any of more than 100 languages.' },
      { text: 'Dedicated account manager', tooltip: 'One person who knows your account and your goals.' },
      { text: 'API access', tooltip: 'Create and publish content from your own tools with API keys.' },
      { text: 'Priority support (response under 1 hour)', tooltip: 'A reply from the support team in under one hour.' },
    ],
    cta: 'Get Scale',
    popular: false,
    badge: 'Best Value',
    valueContext: SCARCITY_TEXT,
  },
];

/** "$5,990": USD display without cents, as the plan table shows prices. */
export function formatUsd(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`;
}

/** The crossed-out price for a period: the original monthly price, or twelve months at the monthly price when billed annually. */
export function crossedOutPrice(plan: Plan, period: BillingPeriod): number | null {
  if (period === 'monthly') return plan.originalPrice.monthly;
  return plan.price.monthly > 0 ? plan.price.monthly * 12 : null;
}

/**
 * The saving of annual billing against twelve months at the monthly price, in whole percent, from the spec's own
 * prices (§9.1: $490 for 12 × $49 is 17%, the same for every paid plan), so the label can never disagree with the
 * crossed-out annual price next to it. See docs/decisions.md, issue 17.
 */
export function annualSavingPercent(plans: Plan[] = PLANS): number {
  const savings = new Set(plans.filter((plan) => plan.price.monthly > 0).map((plan) => Math.round((1 - plan.price.annually / (plan.price.monthly * 12)) * 100)));
  if (savings.size !== 1) throw new Error(`Annual plans save different percentages (${[...savings].join(', ')}%); one "Save n%" label cannot describe them`);
  return [...savings][0]!;
}

/** The labels beside the billing toggle: the true annual saving and the spec's "Get 2 months free". */
export const ANNUAL_LABELS = [`Save ${annualSavingPercent()}%`, 'Get 2 months free'] as const;
