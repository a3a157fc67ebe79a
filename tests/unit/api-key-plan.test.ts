import { describe, expect, it } from 'vitest';
import { assertApiAccess } from '../../api/services/api-keys/plan.ts';

describe('API access by plan', () => {
  it('is a Scale plan feature; other plans are refused with a pointer to pricing', () => {
    expect(() => assertApiAccess('scale')).not.toThrow();
    for (const plan of ['free', 'starter', 'pro'] as const) {
      expect(() => assertApiAccess(plan)).toThrow('API keys are part of the Scale plan. Upgrade at /pricing to create one.');
    }
  });
});
