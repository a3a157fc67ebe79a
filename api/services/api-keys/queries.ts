import type { ApiKey } from '../../../src/lib/api-keys/schema.ts';
import type { Db } from '../../db/sql.ts';
import type { Stored } from '../../lib/stored.ts';
import type { PlanId } from '../usage/plans.ts';

/** A live key's row as the auth middleware reads it. */
export interface LiveKey {
  key_id: string;
  user_id: string;
  external_id: string;
  /** When this process last saw it used (written at most once a minute). */
  last_used_at: Date | null;
}

/**
 * Whose a live key is and the plan that account is on; kept per process by the key's hash (Caches.apiKeys) and
 * dropped when the key is revoked or the account's plan changes (migrations 0017, 0022).
 */
export interface ApiKeyOwner extends LiveKey {
  plan: PlanId;
}

/** An API key as its owner sees it (never the secret, never its hash), as stored. */
export type ApiKeyRow = Stored<ApiKey, 'created_at' | 'last_used_at'>;

/** The owner of a key that exists and is not revoked, by the key's hash. */
export async function findLiveKey(sql: Db, keyHash: string): Promise<LiveKey | undefined> {
  const [row]: [LiveKey?] = await sql`
    select k.id as key_id, u.id as user_id, u.external_id, k.last_used_at
    from api_keys k join users u on u.id = k.user_id
    where k.key_hash = ${keyHash} and k.revoked_at is null`;
  return row;
}

/** Stores a new key by its hash. */
export async function insertKey(
  sql: Db,
  input: { userId: string; name: string; prefix: string; keyHash: string },
): Promise<ApiKeyRow> {
  const [row]: [ApiKeyRow?] = await sql`
    insert into api_keys (user_id, name, prefix, key_hash)
    values (${input.userId}, ${input.name}, ${input.prefix}, ${input.keyHash})
    returning id, name, prefix, created_at, last_used_at`;
  if (!row) throw new Error('api key insert returned nothing');
  return row;
}

/** The user's live keys, newest first. */
export async function listKeys(sql: Db, userId: string): Promise<ApiKeyRow[]> {
  return sql<ApiKeyRow[]>`
    select id, name, prefix, created_at, last_used_at from api_keys
    where user_id = ${userId} and revoked_at is null
    order by created_at desc, id`;
}

/** Revokes one of the user's live keys and returns its hash; undefined when there is none by that id. */
export async function revokeKey(sql: Db, userId: string, keyId: string): Promise<string | undefined> {
  const [row]: [{ key_hash: string }?] = await sql`
    update api_keys set revoked_at = now() where id = ${keyId} and user_id = ${userId} and revoked_at is null returning key_hash`;
  return row?.key_hash;
}

/** Records a use (not notified: last use never makes a key stale). */
export async function touchKey(sql: Db, keyId: string, at: Date): Promise<void> {
  await sql`update api_keys set last_used_at = ${at} where id = ${keyId}`;
}
