import type { TokenVerifier } from '../../auth/firebase.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { revokeUserTokens } from './queries.ts';

/** Signs the caller out everywhere: refresh tokens revoked at the provider, issued ID tokens refused here. */
export async function logoutUser({ ctx, verifier }: { ctx: ServiceContext; verifier: TokenVerifier }): Promise<void> {
  await revokeUserTokens(ctx.sql, ctx.user.id);
  await verifier.revoke(ctx.user.external_id);
}
