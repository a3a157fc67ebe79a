import type { PendingQuery, Row } from 'postgres';
import type { Db } from '../../../db/sql.ts';

/**
 * The account billed for a project, as an SQL expression over the project id `projectId` (an SQL expression too):
 * its first owner, the earliest to join, the lowest user id among owners who joined at the same instant. The one
 * definition every statement that needs "whose plan pays for this project" composes (usage, allowance, runs in
 * flight, the autopilot's author), so none can act as another owner than the one billed.
 */
export const billedOwnerOf = (sql: Db, projectId: PendingQuery<Row[]>) => sql`(
  select o.user_id from project_members o
  where o.project_id = ${projectId} and o.role = 'owner'
  order by o.created_at, o.user_id limit 1)`;

/** The account billed for a project, or undefined when it has no owner. */
export async function selectBilledOwner(sql: Db, projectId: string): Promise<string | undefined> {
  const [row]: [{ user_id: string | null }?] =
    await sql`select ${billedOwnerOf(sql, sql`${projectId}::uuid`)} as user_id`;
  return row?.user_id ?? undefined;
}
