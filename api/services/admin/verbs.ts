import type { TokenVerifier } from '../../auth/firebase.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { setPlanOverride } from '../billing/queries.ts';
import { ADMIN_NEEDS_SIGN_IN, assertAdmin, assertSignedIn } from '../signed-in.ts';
import { accountPlan } from '../usage/account-plan.ts';
import { PLAN_NAMES, type PlanId } from '../usage/plans.ts';
import { presentUser } from '../users/present.ts';
import { readAudit, writeAudit } from './queries/audit-log.ts';
import { IMPERSONATOR_CLAIM } from './impersonator.ts';
import { findUserById, searchUsers } from './queries/users.ts';
import { actingUser } from '../actor.ts';
import type { AccountPlanSet, AdminUser, AuditEntry } from '../../../src/lib/admin/schema.ts';

/** Admins find accounts by email or name (newest first), each with its plan: the admin users page. */
export async function listUsers({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { q: string; limit: number };
}): Promise<AdminUser[]> {
  assertAdmin(ctx);
  const users = await searchUsers(ctx.sql, input);
  return Promise.all(
    users.map(async (user) => {
      const plan = await accountPlan(ctx.sql, user.id);
      return {
        ...presentUser(user),
        created_at: user.created_at.toISOString(),
        plan: plan.plan,
        plan_source: plan.source,
      };
    }),
  );
}

/** An admin puts an account on a plan (null: back to what Stripe says, or Free): plans work with no Stripe at all. */
export async function setAccountPlan({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { userId: string; plan: PlanId | null };
}): Promise<AccountPlanSet> {
  assertAdmin(ctx);
  const user = await findUserById(ctx.sql, input.userId);
  if (!user) throw new NotFoundError('User not found.');
  await setPlanOverride(ctx.sql, user.id, input.plan, actingUser(ctx).id);
  const plan = await accountPlan(ctx.sql, user.id);
  return { user_id: user.id, plan: plan.plan, plan_name: PLAN_NAMES[plan.plan], plan_source: plan.source };
}

/**
 * Starts impersonation: a custom token for the user, marked with the admin as impersonator (so every request of that
 * session is known and audited), and a fresh custom token for the admin to sign back in with when it ends.
 * Superusers cannot be impersonated.
 */
export async function startImpersonation({
  ctx,
  verifier,
  input,
}: {
  ctx: ServiceContext;
  verifier: TokenVerifier;
  input: { userId: string };
}) {
  assertAdmin(ctx);
  const target = await findUserById(ctx.sql, input.userId);
  if (!target) throw new NotFoundError('User not found.');
  if (target.is_superuser) throw new ForbiddenError('Superusers cannot be impersonated.');
  const admin = actingUser(ctx);
  if (target.id === admin.id) throw new ValidationError('You cannot impersonate yourself.');
  const custom_token = await verifier.mintCustomToken(target.external_id, { [IMPERSONATOR_CLAIM]: admin.id });
  const original_custom_token = await verifier.mintCustomToken(admin.external_id);
  await writeAudit(ctx.sql, {
    actor_id: admin.id,
    actor_email: admin.email,
    subject_id: target.id,
    subject_email: target.email,
    action: 'impersonation_start',
    method: 'POST',
    path: `/api/admin/users/${target.id}/impersonate`,
    status: 200,
  });
  return { custom_token, original_custom_token, user: presentUser(target) };
}

/** Superusers read the audit log, newest first. */
export async function listAuditLog({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { limit: number; before?: number | undefined };
}): Promise<AuditEntry[]> {
  assertSignedIn(ctx, ADMIN_NEEDS_SIGN_IN);
  if (ctx.actor.kind !== 'user' || !ctx.actor.user.is_superuser || ctx.actor.impersonator)
    throw new ForbiddenError('Only superusers can read the audit log.');
  const rows = await readAudit(ctx.sql, input);
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}
