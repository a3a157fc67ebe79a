import { ForbiddenError } from '../../lib/errors.ts';
import type { PlanId } from '../usage/plans.ts';

export { accountPlan } from '../usage/account-plan.ts';

/** Public-site §9.1: API access is a Scale plan feature. */
export function assertApiAccess(plan: PlanId): void {
  if (plan !== 'scale') throw new ForbiddenError('API keys are part of the Scale plan. Upgrade at /pricing to create one.');
}
