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
}

const columns = ['external_id', 'email', 'first_name', 'last_name', 'avatar_url', 'is_admin', 'is_superuser'] as const;

/** The user behind a sign-in uid, or undefined. */
export async function findUserByExternalId(sql: Sql, externalId: string): Promise<User | undefined> {
  const [row]: [User?] = await sql`select * from users where external_id = ${externalId}`;
  return row;
}

/** Moves the (oldest) user of a verified email to a new sign-in uid, so one person stays one user; undefined if none. */
export async function relinkUserByEmail(sql: Sql, email: string, externalId: string): Promise<User | undefined> {
  const [row]: [User?] = await sql`
    update users set external_id = ${externalId}, updated_at = now()
    where id = (select id from users where lower(email) = ${email} order by created_at limit 1)
    returning *`;
  return row;
}

/** Creates the user on first sign-in; a concurrent first call gets the same row back. */
export async function insertUser(sql: Sql, user: NewUser): Promise<User> {
  const [row]: [User?] = await sql`
    insert into users ${sql(user, ...columns)}
    on conflict (external_id) do update set email = excluded.email
    returning *`;
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

/** Refreshes the fields the token or configuration own (email, admin flags). */
export async function updateUserIdentity(
  sql: Sql,
  id: string,
  fields: Pick<User, 'email' | 'is_admin' | 'is_superuser'>,
): Promise<User> {
  const [row]: [User?] = await sql`
    update users set ${sql(fields, 'email', 'is_admin', 'is_superuser')}, updated_at = now()
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
