import { describe, expect, it } from 'vitest';
import { assertApiAccess, assertKeyPlan } from '../../api/services/api-keys/plan.ts';

describe('API access by plan', () => {
  it('is a Scale plan feature; other plans are refused with a pointer to pricing', () => {
    expect(() => assertApiAccess('scale')).not.toThrow();
    for (const plan of ['free', 'starter', 'pro'] as const) {
      expect(() => assertApiAccess(plan)).toThrow(
        'API keys are part of the Scale plan. Upgrade at /pricing to create one.',
      );
    }
  });

  it('keeps a key working on Scale only, naming the plan its account is on now', () => {
    expect(() => assertKeyPlan('scale')).not.toThrow();
    expect(() => assertKeyPlan('free')).toThrow(
      "API keys work on the Scale plan only, and this key's account is on the Free plan. Upgrade at /pricing to use it again.",
    );
    expect(() => assertKeyPlan('pro')).toThrow(
      "API keys work on the Scale plan only, and this key's account is on the Pro plan. Upgrade at /pricing to use it again.",
    );
  });
});
