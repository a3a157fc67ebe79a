import type { TokenVerifier } from '../../auth/firebase.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { actingUser } from '../actor.ts';
import { assertSignedIn } from '../signed-in.ts';
import { revokeUserTokens } from './queries.ts';

/**
 * Signs the caller out everywhere: refresh tokens revoked at the provider, issued ID tokens refused here. Only from
 * a signed-in session: a leaked API key must not be able to sign its owner out of every device.
 */
export async function logoutUser({ ctx, verifier }: { ctx: ServiceContext; verifier: TokenVerifier }): Promise<void> {
  assertSignedIn(ctx, 'Signing out needs a signed-in session; an API key cannot sign its account out.');
  const user = actingUser(ctx);
  await revokeUserTokens(ctx.sql, user.id);
  // Other processes drop the user when the change feed tells them; this one must not wait for it.
  ctx.caches.users.drop(user.external_id);
  await verifier.revoke(user.external_id);
}
