import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config.ts';

describe('STRIPE_PRICE_PLANS', () => {
  it('maps each Stripe price id to its plan and billing period (monthly when not given)', () => {
    const config = loadConfig({
      STRIPE_PRICE_PLANS: ' price_A:starter, price_B:pro:annually,price_C:scale:monthly ',
    });

    expect(config.STRIPE_PRICE_PLANS).toEqual({
      price_A: { plan: 'starter', period: 'monthly' },
      price_B: { plan: 'pro', period: 'annually' },
      price_C: { plan: 'scale', period: 'monthly' },
    });
  });

  it('is empty when unset', () => {
    expect(loadConfig({}).STRIPE_PRICE_PLANS).toEqual({});
  });

  it('refuses an unknown plan or period, or an entry without a plan, naming the variable', () => {
    expect(() => loadConfig({ STRIPE_PRICE_PLANS: 'price_A:gold' })).toThrow(
      /STRIPE_PRICE_PLANS: must be comma-separated price_id:plan or price_id:plan:period entries/,
    );
    expect(() => loadConfig({ STRIPE_PRICE_PLANS: 'price_A' })).toThrow(/STRIPE_PRICE_PLANS/);
    expect(() => loadConfig({ STRIPE_PRICE_PLANS: 'price_A:free' })).toThrow(/STRIPE_PRICE_PLANS/);
    expect(() => loadConfig({ STRIPE_PRICE_PLANS: 'price_A:pro:weekly' })).toThrow(/STRIPE_PRICE_PLANS/);
  });
});
