import type { TokenVerifier } from '../../auth/firebase.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { UpstreamError, ValidationError } from '../../lib/errors.ts';
import { writeAudit } from '../admin/queries/audit-log.ts';
import { assertOwnSession } from '../signed-in.ts';
import { cancelLiveSubscriptions } from './cancel-subscriptions.ts';
import { rememberDeleted } from './deleted-sign-ins.ts';
import { discardJobs } from './discard-jobs.ts';
import { forgetProjects } from './forget-cached.ts';
import {
  deleteOpenInvitesBy,
  deleteProjects,
  deleteUserRow,
  forgetStripeCustomer,
  lockMemberships,
  lockProjectsForDelete,
  jobsOf,
  stripeCustomerOf,
  type MembershipRow,
} from './queries/erase.ts';
import { actingUser } from '../actor.ts';
import { lockGrantsOf } from '../search-console/queries/connections.ts';
import { revokeGrants } from '../search-console/revoke.ts';

export const ACCOUNT_DELETED = 'Account deleted.';
export const CONFIRM_EMAIL = "Type your account's email address exactly as it is shown to delete the account.";
export const SIGN_IN_NOT_CLOSED =
  'Your sign-in account could not be closed, so nothing was deleted. Please try again in a moment.';

/** The projects an account deletion takes with it (the user alone owns them) and those it only leaves. */
export function splitMemberships(memberships: MembershipRow[]): { deleted: MembershipRow[]; left: MembershipRow[] } {
  const alone = (row: MembershipRow) => row.role === 'owner' && row.other_owners === 0;
  return { deleted: memberships.filter(alone), left: memberships.filter((row) => !alone(row)) };
}

/**
 * Deletes the caller's account (from their own sign-in, after typing their email): the projects they alone own go
 * as a project deletion takes them (their Google grants revoked once it committed); they leave the projects others own
 * too. Their API keys, open invite links, memberships, plan and the link to their Stripe customer go; paid
 * subscriptions are cancelled at Stripe first. The sign-in account is deleted last inside the transaction, so a
 * failure there deletes nothing. Every process refuses the old tokens and keys from the next request.
 */
export async function deleteAccount({
  ctx,
  verifier,
  input,
}: {
  ctx: ServiceContext;
  verifier: TokenVerifier;
  input: { confirmEmail: string };
}): Promise<{ message: string }> {
  assertOwnSession(ctx, {
    apiKey: 'Deleting an account needs a signed-in session; API keys cannot delete accounts.',
    impersonating: 'An account cannot be deleted while impersonating its user.',
  });
  if (input.confirmEmail.trim().toLowerCase() !== actingUser(ctx).email.toLowerCase())
    throw new ValidationError([{ loc: ['body', 'confirm_email'], msg: CONFIRM_EMAIL, type: 'value_error' }]);

  await cancelLiveSubscriptions(ctx);
  const user = actingUser(ctx);
  const { deleted, open, grants } = await ctx.sql.begin(async (tx) => {
    const { deleted } = splitMemberships(await lockMemberships(tx, user.id));
    const ids = deleted.map((project) => project.id);
    await lockProjectsForDelete(tx, ids);
    const jobs = await jobsOf(tx, ids);
    const grants = await lockGrantsOf(tx, ids);
    await writeAudit(tx, {
      actor_id: user.id,
      actor_email: user.email,
      subject_id: user.id,
      subject_email: user.email,
      action: 'account_deleted',
      method: 'DELETE',
      path: '/api/users/me',
      status: 200,
    });
    await deleteProjects(tx, ids);
    await deleteOpenInvitesBy(tx, user.id);
    const customer = await stripeCustomerOf(tx, user.id);
    if (customer) await forgetStripeCustomer(tx, customer);
    await deleteUserRow(tx, user.id);
    await rememberDeleted(tx, user.external_id);
    try {
      await verifier.deleteAccount(user.external_id);
    } catch (error) {
      console.error('[privacy] the sign-in account could not be deleted:', error);
      throw new UpstreamError(SIGN_IN_NOT_CLOSED);
    }
    return { deleted: ids, open: jobs, grants };
  });
  ctx.caches.users.drop(user.external_id);
  ctx.caches.projectLists.drop(user.id);
  ctx.caches.apiKeys.dropWhere((owner) => owner.user_id === user.id);
  forgetProjects(ctx.caches, deleted);
  await discardJobs(ctx.jobs, open);
  await revokeGrants(ctx, grants);
  return { message: ACCOUNT_DELETED };
}
