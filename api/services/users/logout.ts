import type { TokenVerifier } from '../../auth/firebase.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { actingUser } from '../actor.ts';
import { revokeUserTokens } from './queries.ts';

/** Signs the caller out everywhere: refresh tokens revoked at the provider, issued ID tokens refused here. */
export async function logoutUser({ ctx, verifier }: { ctx: ServiceContext; verifier: TokenVerifier }): Promise<void> {
  const user = actingUser(ctx);
  await revokeUserTokens(ctx.sql, user.id);
  // Other processes drop the user when the change feed tells them; this one must not wait for it.
  ctx.caches.users.drop(user.external_id);
  await verifier.revoke(user.external_id);
}
