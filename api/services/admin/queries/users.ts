import type { Db } from '../../../db/sql.ts';
import type { User } from '../../../lib/context.ts';

type UserRow = User & { created_at: Date };

/** Users whose email or name contains the text (all when empty), newest first. */
export async function searchUsers(sql: Db, { q, limit }: { q: string; limit: number }): Promise<UserRow[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql<UserRow[]>`
    select * from users
    where ${q ? sql`(email ilike ${pattern} or (first_name || ' ' || last_name) ilike ${pattern})` : sql`true`}
    order by created_at desc, id limit ${limit}`;
}

/** One user by id, or undefined. */
export async function findUserById(sql: Db, id: string): Promise<UserRow | undefined> {
  const [row]: [UserRow?] = await sql`select * from users where id = ${id}`;
  return row;
}
