import type { Db } from '../../../db/sql.ts';

export interface AuditEntry {
  actor_id: string;
  actor_email: string;
  subject_id: string;
  subject_email: string;
  action: string;
  method: string;
  path: string;
  status: number | null;
}

/** Appends one row to the audit log: who, as whom, what, when (the database's clock). */
export async function writeAudit(sql: Db, entry: AuditEntry): Promise<void> {
  await sql`insert into audit_log ${sql(entry, 'actor_id', 'actor_email', 'subject_id', 'subject_email', 'action', 'method', 'path', 'status')}`;
}

/** The newest audit rows first, optionally before an id (paging). */
export async function readAudit(sql: Db, { limit, before }: { limit: number; before?: number | undefined }) {
  return sql`
    select id::int as id, actor_id, actor_email, subject_id, subject_email, action, method, path, status, created_at
    from audit_log
    where ${before === undefined ? sql`true` : sql`id < ${before}`}
    order by id desc limit ${limit}`;
}
