import type { Db, Sql } from '../../db/sql.ts';
import type { User } from '../../lib/context.ts';

export interface NewUser {
  external_id: string;
  email: string;
  first_name: string;
  last_name: string;
  avatar_url: string | null;
  is_admin: boolean;
  is_superuser: boolean;
  sign_in_provider: string;
  email_verified: boolean;
}

const columns = [
  'external_id',
  'email',
  'first_name',
  'last_name',
  'avatar_url',
  'is_admin',
  'is_superuser',
  'sign_in_provider',
  'email_verified',
] as const;

/** The user behind a sign-in uid, or undefined. */
export async function findUserByExternalId(sql: Db, externalId: string): Promise<User | undefined> {
  const [row]: [User?] = await sql`select * from users where external_id = ${externalId}`;
  return row;
}

/**
 * Moves the (oldest) user of a verified email to a new sign-in uid, so one person stays one user; undefined if none.
 * Only a row a verified sign-in made qualifies: a row made under an unverified address belongs to whoever typed it.
 */
export async function relinkUserByEmail(sql: Sql, email: string, externalId: string): Promise<User | undefined> {
  const [row]: [User?] = await sql`
    update users set external_id = ${externalId}, updated_at = now()
    where id = (
      select id from users where lower(email) = ${email} and email_verified and retired_at is null
      order by created_at limit 1
    )
    returning *`;
  return row;
}

/** Creates the user on first sign-in; a concurrent first call gets the same row back. */
export async function insertUser(sql: Db, user: NewUser): Promise<User> {
  const [row]: [User?] = await sql`
    insert into users ${sql(user, ...columns)}
    on conflict (external_id) do update set email = excluded.email
    returning *`;
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

/** The user of a sign-in uid, locked until the transaction ends; undefined if none. */
export async function lockUserByExternalId(sql: Db, externalId: string): Promise<User | undefined> {
  const [row]: [User?] = await sql`select * from users where external_id = ${externalId} for update`;
  return row;
}

/**
 * Retires a user no one may sign in to any more: its sign-in uid is moved aside (freeing it for a fresh row), its
 * sessions and API keys are revoked and its open invite links too. Returns the revoked keys' hashes.
 */
export async function retireUser(sql: Db, id: string): Promise<string[]> {
  await sql`
    update users set external_id = ${`retired:${id}`}, retired_at = now(), tokens_valid_after = now(), updated_at = now()
    where id = ${id}`;
  await sql`
    update project_invites set revoked_at = now()
    where created_by = ${id} and revoked_at is null and accepted_at is null`;
  const keys = await sql<{ key_hash: string }[]>`
    update api_keys set revoked_at = now() where user_id = ${id} and revoked_at is null returning key_hash`;
  return keys.map((key) => key.key_hash);
}

/**
 * Refreshes the fields the token or configuration own (email, admin flags). A row older than migration 0026 takes the
 * sign-in's provenance; a row whose own provider now vouches for the address becomes verified (never the reverse).
 */
export async function updateUserIdentity(
  sql: Sql,
  id: string,
  fields: Pick<User, 'email' | 'is_admin' | 'is_superuser'> & { sign_in_provider: string; email_verified: boolean },
): Promise<User> {
  const [row]: [User?] = await sql`
    update users set ${sql(fields, 'email', 'is_admin', 'is_superuser')},
      email_verified = case when sign_in_provider is null or sign_in_provider = ${fields.sign_in_provider}
        then coalesce(email_verified, false) or ${fields.email_verified} else email_verified end,
      sign_in_provider = coalesce(sign_in_provider, ${fields.sign_in_provider}),
      updated_at = now()
    where id = ${id} returning *`;
  if (!row) throw new Error('user vanished during update');
  return row;
}

/** Marks every token issued before now as no longer accepted. */
export async function revokeUserTokens(sql: Sql, id: string): Promise<void> {
  await sql`update users set tokens_valid_after = now(), updated_at = now() where id = ${id}`;
}

/** A user by id as the service context carries one (a job acting for them), or undefined. */
export async function selectUserById(sql: Db, id: string): Promise<User | undefined> {
  const [user]: [User?] = await sql`
    select id, external_id, email, first_name, last_name, avatar_url, is_admin, is_superuser, tokens_valid_after
    from users where id = ${id}`;
  return user;
}
