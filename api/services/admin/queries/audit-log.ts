import type { AuditEntry } from '../../../../src/lib/admin/schema.ts';
import type { Db } from '../../../db/sql.ts';
import type { Stored } from '../../../lib/stored.ts';

/** What a new line of the audit log says (the database adds its id and time). */
export type NewAuditEntry = Omit<AuditEntry, 'id' | 'created_at'>;

/** Appends one row to the audit log: who, as whom, what, when (the database's clock). */
export async function writeAudit(sql: Db, entry: NewAuditEntry): Promise<void> {
  await sql`insert into audit_log ${sql(entry, 'actor_id', 'actor_email', 'subject_id', 'subject_email', 'action', 'method', 'path', 'status')}`;
}

/** The newest audit rows first, optionally before an id (paging). */
export async function readAudit(
  sql: Db,
  { limit, before }: { limit: number; before?: number | undefined },
): Promise<Stored<AuditEntry, 'created_at'>[]> {
  return sql<Stored<AuditEntry, 'created_at'>[]>`
    select id::int as id, actor_id, actor_email, subject_id, subject_email, action, method, path, status, created_at
    from audit_log
    where ${before === undefined ? sql`true` : sql`id < ${before}`}
    order by id desc limit ${limit}`;
}
