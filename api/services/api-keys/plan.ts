import { ForbiddenError } from '../../lib/errors.ts';
import { PLAN_NAMES, type PlanId } from '../usage/plans.ts';

export { accountPlan } from '../usage/account-plan.ts';

/** Public-site §9.1: API access is a Scale plan feature. */
export function assertApiAccess(plan: PlanId): void {
  if (plan !== 'scale')
    throw new ForbiddenError('API keys are part of the Scale plan. Upgrade at /pricing to create one.');
}

/** A key works only while its account is on Scale: it is refused (not deleted) from the moment the account leaves it. */
export function assertKeyPlan(plan: PlanId): void {
  if (plan !== 'scale') {
    throw new ForbiddenError(
      `API keys work on the Scale plan only, and this key's account is on the ${PLAN_NAMES[plan]} plan. Upgrade at /pricing to use it again.`,
    );
  }
}
