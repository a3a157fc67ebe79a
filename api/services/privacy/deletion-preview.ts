import type { ServiceContext } from '../../lib/context.ts';
import { LIVE_STRIPE_STATUSES } from '../usage/plans.ts';
import { splitMemberships } from './delete-account.ts';
import { liveSubscriptionsOf, readMemberships } from './queries/erase.ts';
import { actingUser } from '../actor.ts';

export interface DeletionPreview {
  /**
   * Projects the caller alone owns: deleting the account deletes them with everything in them; `search_console` says
   * the project's Search Console access is revoked at Google too.
   */
  deleted_projects: { id: string; name: string; search_console: boolean }[];
  /** Projects someone else owns too, or the caller is not an owner of: the caller only leaves them. */
  left_projects: { id: string; name: string; role: 'owner' | 'editor' | 'viewer' }[];
  /** True when a paid Stripe subscription would be cancelled with the account. */
  cancels_subscription: boolean;
}

/** What deleting the caller's account would take with it, for the confirmation the user reads before typing. */
export async function previewAccountDeletion({ ctx }: { ctx: ServiceContext }): Promise<DeletionPreview> {
  const { deleted, left } = splitMemberships(await readMemberships(ctx.sql, actingUser(ctx).id));
  const live = await liveSubscriptionsOf(ctx.sql, actingUser(ctx).id, LIVE_STRIPE_STATUSES);
  return {
    deleted_projects: deleted.map(({ id, name, search_console }) => ({ id, name, search_console })),
    left_projects: left.map(({ id, name, role }) => ({ id, name, role })),
    cancels_subscription: live.length > 0,
  };
}
