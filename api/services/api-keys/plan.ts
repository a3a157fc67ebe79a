import type { Sql } from '../../db/sql.ts';
import { ForbiddenError } from '../../lib/errors.ts';

/** The plan names of public-site §9.1. */
export type PlanName = 'free' | 'starter' | 'pro' | 'scale';

/**
 * STAND-IN until h16b's `accountPlan` (api/services/usage/) is merged: that one reads the account's subscription.
 * This one has no subscriptions to read, so it answers 'scale' for everyone. At merge, import h16b's function in
 * api/services/api-keys/verbs.ts instead and delete this one; the check below stays.
 */
export async function accountPlan(_sql: Sql, _userId: string): Promise<{ plan: PlanName }> {
  return { plan: 'scale' };
}

/** Public-site §9.1: API access is a Scale plan feature. */
export function assertApiAccess(plan: PlanName): void {
  if (plan !== 'scale') throw new ForbiddenError('API keys are part of the Scale plan. Upgrade at /pricing to create one.');
}
