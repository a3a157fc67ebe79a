import type { ServiceContext } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { assertOwnSignIn } from '../signed-in.ts';
import { accountPlan, assertApiAccess } from './plan.ts';
import { insertKey, listKeys, revokeKey, type ApiKeyRow } from './queries.ts';
import { mintApiKey } from './secret.ts';
import { actingUser } from '../actor.ts';
import type { CreatedApiKey } from '../../../src/lib/api-keys/schema.ts';

/** Creates a key for the caller (Scale plan); the answer is the only time the secret is ever shown. */
export async function createApiKey({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { name: string };
}): Promise<ApiKeyRow & Pick<CreatedApiKey, 'key'>> {
  // A leaked key must not mint more keys that outlive its revocation, nor an impersonation one that outlives it.
  assertOwnSignIn(ctx, 'API keys');
  assertApiAccess((await accountPlan(ctx.sql, actingUser(ctx).id)).plan);
  const { key, prefix, keyHash } = mintApiKey();
  const row = await insertKey(ctx.sql, { userId: actingUser(ctx).id, name: input.name, prefix, keyHash });
  return { ...row, key };
}

/** The caller's live keys: name, prefix, created, last used. */
export async function listApiKeys({ ctx }: { ctx: ServiceContext }): Promise<ApiKeyRow[]> {
  return listKeys(ctx.sql, actingUser(ctx).id);
}

/** Revokes one of the caller's keys; every process refuses it from its next request on (migration 0017 notifies). */
export async function revokeApiKey({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: string };
}): Promise<{ message: string }> {
  const keyHash = await revokeKey(ctx.sql, actingUser(ctx).id, input.id);
  if (!keyHash) throw new NotFoundError('API key not found.');
  ctx.caches.apiKeys.drop(keyHash); // this process refuses it now; the others when the change feed tells them
  return { message: 'API key revoked.' };
}
