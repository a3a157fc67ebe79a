import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { pricingSchema } from '../../src/content/_schemas/pricing.ts';
import { annualLabels, annualSavingPercent, crossedOutPrice, plansFrom, type Plan } from '../../src/data/plans.ts';

// The plans as the site builds them: the content file, checked by its schema.
const copy = pricingSchema.parse(parse(readFileSync('src/content/pricing/pricing.yaml', 'utf8')));
const PLANS = plansFrom(copy.plans);
const ANNUAL_LABELS = annualLabels(PLANS, copy.billing);

describe('annual billing labels', () => {
  it('name the saving the crossed-out annual price shows: 12 × $49 struck through next to $490 is 17%', () => {
    const starter = PLANS.find((plan) => plan.id === 'starter')!;

    expect(crossedOutPrice(starter, 'annually')).toBe(588);
    expect(starter.price.annually).toBe(490);
    expect(ANNUAL_LABELS[0]).toBe('Save 17%');
  });

  it('agree with every paid plan: the label is the saving against the struck-through price, and two months are free', () => {
    for (const plan of PLANS.filter((item) => item.price.monthly > 0)) {
      const struck = crossedOutPrice(plan, 'annually')!;

      expect(Math.round(((struck - plan.price.annually) / struck) * 100)).toBe(annualSavingPercent(PLANS));
      expect(12 - plan.price.annually / plan.price.monthly).toBe(2);
    }
  });

  it('refuses plans whose annual savings differ, since one label could not describe them', () => {
    const plan = (monthly: number, annually: number) => ({ ...PLANS[1]!, price: { monthly, annually } }) as Plan;

    expect(() => annualSavingPercent([plan(49, 490), plan(100, 960)])).toThrow(
      'src/content/pricing/pricing.yaml: plans.1.annually: The annual price of Starter saves 20% against 12 monthly payments, but Starter saves 17%',
    );
  });
});
