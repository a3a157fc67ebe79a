import type { ServiceContext } from '../lib/context.ts';
import { ForbiddenError } from '../lib/errors.ts';

/** The refusal of admin actions (admin pages, plans, impersonation, templates, the audit log) to an API key. */
export const ADMIN_NEEDS_SIGN_IN = 'Admin actions need a signed-in session; API keys cannot be used for them.';

/**
 * What only a signed-in session may do, never an API key: admin actions and impersonation, and anything that mints a
 * credential (API keys, invite links, billing-portal sessions). A leaked key stays no more than itself: it cannot
 * become a sign-in, an admin's rights, or a way in that outlives its revocation. The system acting for a project is
 * no session either.
 */
export function assertSignedIn(ctx: ServiceContext, refusal: string): void {
  if (ctx.actor.kind !== 'user') throw new ForbiddenError(refusal);
}

/**
 * Admin rights come only with the admin's own sign-in: never with an API key, never inside an impersonated session
 * (which acts as its user: no impersonation inside impersonation), never to the system.
 */
export function hasAdminRights(ctx: ServiceContext): boolean {
  const { actor } = ctx;
  return actor.kind === 'user' && (actor.user.is_admin || actor.user.is_superuser) && !actor.impersonator;
}

/** Admins only, from their own sign-in: an API key is refused as such, anyone else with `refusal`. */
export function assertAdmin(ctx: ServiceContext, refusal = 'Only admins can do this.'): void {
  assertSignedIn(ctx, ADMIN_NEEDS_SIGN_IN);
  if (!hasAdminRights(ctx)) throw new ForbiddenError(refusal);
}

/**
 * Minting a lasting way in (an API key, an invite link) needs the account's own sign-in: not an API key, and not an
 * impersonating admin, whose access must end with the impersonation (requests made with a key are not audited).
 */
export function assertOwnSignIn(ctx: ServiceContext, what: 'API keys' | 'Invite links'): void {
  assertSignedIn(ctx, `${what} can only be created from a signed-in session, not with an API key.`);
  if (ctx.actor.kind === 'user' && ctx.actor.impersonator)
    throw new ForbiddenError(`${what} cannot be created while impersonating a user.`);
}

/**
 * What cannot be undone (deleting a project or an account) needs the account's own sign-in: a leaked API key must not
 * destroy what it can only read and write, and an impersonating admin acts for support, not for the owner.
 */
export function assertOwnSession(ctx: ServiceContext, refusals: { apiKey: string; impersonating: string }): void {
  assertSignedIn(ctx, refusals.apiKey);
  if (ctx.actor.kind === 'user' && ctx.actor.impersonator) throw new ForbiddenError(refusals.impersonating);
}
