import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config.ts';

describe('STRIPE_PRICE_PLANS', () => {
  it('maps each Stripe price id to its plan', () => {
    const config = loadConfig({ STRIPE_PRICE_PLANS: ' price_A:starter, price_B:pro,price_C:scale ' });

    expect(config.STRIPE_PRICE_PLANS).toEqual({ price_A: 'starter', price_B: 'pro', price_C: 'scale' });
  });

  it('is empty when unset', () => {
    expect(loadConfig({}).STRIPE_PRICE_PLANS).toEqual({});
  });

  it('refuses an unknown plan or a pair without one, naming the variable', () => {
    expect(() => loadConfig({ STRIPE_PRICE_PLANS: 'price_A:gold' })).toThrow(
      /STRIPE_PRICE_PLANS: must be comma-separated price_id:plan pairs/,
    );
    expect(() => loadConfig({ STRIPE_PRICE_PLANS: 'price_A' })).toThrow(/STRIPE_PRICE_PLANS/);
    expect(() => loadConfig({ STRIPE_PRICE_PLANS: 'price_A:free' })).toThrow(/STRIPE_PRICE_PLANS/);
  });
});
