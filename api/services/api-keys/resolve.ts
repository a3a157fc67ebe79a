import type { Sql } from '../../db/sql.ts';
import type { User } from '../../lib/context.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import { hashSecret } from '../../lib/secret-token.ts';
import type { Caches } from '../caches.ts';
import { findUserByExternalId } from '../users/queries.ts';
import { accountPlan, assertKeyPlan } from './plan.ts';
import { findLiveKey, touchKey, type ApiKeyOwner } from './queries.ts';

/** A key's last use is written at most this often, so a busy key does not write on every request. */
const TOUCH_EVERY_MS = 60_000;

/** A live key's owner and their plan now, or undefined for a revoked, deleted or unknown key. */
async function loadOwner(sql: Sql, keyHash: string): Promise<ApiKeyOwner | undefined> {
  const key = await findLiveKey(sql, keyHash);
  return key && { ...key, plan: (await accountPlan(sql, key.user_id)).plan };
}

/**
 * The user a live API key acts as; a revoked, deleted or unknown key is 401, a key of an account no longer on Scale
 * 403. Cached per process by the key's hash.
 */
export async function resolveApiKey({ sql, caches, key }: { sql: Sql; caches: Caches; key: string }): Promise<User> {
  const keyHash = hashSecret(key);
  const owner = await caches.apiKeys.get(keyHash, () => loadOwner(sql, keyHash));
  if (!owner) throw new UnauthorizedError('Invalid or revoked API key.');
  assertKeyPlan(owner.plan);
  const user = await caches.users.get(owner.external_id, () => findUserByExternalId(sql, owner.external_id));
  if (!user) throw new UnauthorizedError('Invalid or revoked API key.');
  const now = new Date();
  if (!owner.last_used_at || now.getTime() - owner.last_used_at.getTime() >= TOUCH_EVERY_MS) {
    owner.last_used_at = now;
    await touchKey(sql, owner.key_id, now);
  }
  return user;
}
