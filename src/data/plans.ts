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
  /** The value line is an urgency message (shown in red). */
  scarcity: boolean;
}

export type BillingPeriod = 'monthly' | 'annually';

/** A plan as src/content/pricing/pricing.yaml writes it (empty strings and 0 mean "none"). */
export interface PlanCopy {
  id: Plan['id'];
  name: string;
  monthly: number;
  annually: number;
  originalMonthly: number;
  description: string;
  features: PlanFeature[];
  cta: string;
  popular: boolean;
  badge: string;
  valueContext: string;
  scarcity: boolean;
}

/** The plans of the content file in the shape the cards and the formulas below use. */
export function plansFrom(copy: PlanCopy[]): Plan[] {
  return copy.map((plan) => ({
    id: plan.id,
    name: plan.name,
    price: { monthly: plan.monthly, annually: plan.annually },
    originalPrice: { monthly: plan.originalMonthly > 0 ? plan.originalMonthly : null },
    description: plan.description,
    features: plan.features,
    cta: plan.cta,
    popular: plan.popular,
    badge: plan.badge || null,
    valueContext: plan.valueContext || null,
    scarcity: plan.scarcity,
  }));
}

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
export function annualSavingPercent(plans: Plan[]): number {
  const savings = new Set(plans.filter((plan) => plan.price.monthly > 0).map((plan) => Math.round((1 - plan.price.annually / (plan.price.monthly * 12)) * 100)));
  if (savings.size !== 1) throw new Error(`Annual plans save different percentages (${[...savings].join(', ')}%); one "Save n%" label cannot describe them`);
  return [...savings][0]!;
}

/** The labels beside the billing toggle: the true annual saving ("Save {percent}%" from the content file) and "Get 2 months free". */
export function annualLabels(plans: Plan[], billing: { saving: string; monthsFree: string }): [string, string] {
  return [billing.saving.replaceAll('{percent}', String(annualSavingPercent(plans))), billing.monthsFree];
}
