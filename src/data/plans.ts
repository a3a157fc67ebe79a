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
  const problem = savingMismatch(
    plans.map((plan) => ({ name: plan.name, monthly: plan.price.monthly, annually: plan.price.annually })),
  );
  if (problem) throw new Error(`src/content/pricing/pricing.yaml: plans.${problem.index}.annually: ${problem.message}`);
  return savingOf(plans.find((plan) => plan.price.monthly > 0)!.price);
}

/** The saving of a year's price against twelve monthly payments, in whole percent. */
function savingOf({ monthly, annually }: { monthly: number; annually: number }): number {
  return Math.round((1 - annually / (monthly * 12)) * 100);
}

/**
 * The first paid plan whose annual price saves a different percentage than the first paid plan's, with a message
 * for editors, or undefined when all agree. The pricing schema refuses such a file with this message at the plan's
 * `annually` field; annualSavingPercent() repeats the check for plans that did not come through the schema.
 */
export function savingMismatch(
  plans: { name: string; monthly: number; annually: number }[],
): { index: number; message: string } | undefined {
  const paid = plans
    .map((plan, index) => ({ ...plan, index, saving: plan.monthly > 0 ? savingOf(plan) : undefined }))
    .filter((plan) => plan.saving !== undefined);
  const first = paid[0];
  const other = paid.find((plan) => plan.saving !== first?.saving);
  if (!first || !other) return undefined;
  return {
    index: other.index,
    message: `The annual price of ${other.name} saves ${other.saving}% against 12 monthly payments, but ${first.name} saves ${first.saving}%; give every paid plan an annual price with the same saving, because one "Save {percent}%" label describes them all`,
  };
}

/** The labels beside the billing toggle: the true annual saving ("Save {percent}%" from the content file) and "Get 2 months free". */
export function annualLabels(plans: Plan[], billing: { saving: string; monthsFree: string }): [string, string] {
  return [billing.saving.replaceAll('{percent}', String(annualSavingPercent(plans))), billing.monthsFree];
}
