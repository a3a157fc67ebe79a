// Shared by the deletion tests (issue 22): what of a deleted project or account is still in the database, found from
// the catalogue so that a table added later is searched without anyone remembering to add it here.
import { testSql } from './helpers.ts';

export interface KeyColumn {
  schema: string;
  table: string;
  column: string;
  /** The table the column holds ids of: projects or users. */
  target: 'projects' | 'users';
}

/**
 * Every column that holds project or user ids: the two tables' own ids, each foreign key to them, and any column
 * named project_id, user_id or account_id (with or without a foreign key), in every schema the app writes.
 */
export async function keyColumns(): Promise<KeyColumn[]> {
  return testSql()<KeyColumn[]>`
    select distinct kcu.table_schema as schema, kcu.table_name as table, kcu.column_name as column, ccu.table_name as target
    from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu
      on kcu.constraint_schema = tc.constraint_schema and kcu.constraint_name = tc.constraint_name
    join information_schema.constraint_column_usage ccu
      on ccu.constraint_schema = tc.constraint_schema and ccu.constraint_name = tc.constraint_name
    where tc.constraint_type = 'FOREIGN KEY' and ccu.table_schema = 'public' and ccu.table_name in ('projects', 'users')
    union
    select table_schema, table_name, column_name, case when column_name = 'project_id' then 'projects' else 'users' end
    from information_schema.columns
    where table_schema not in ('pg_catalog', 'information_schema') and column_name in ('project_id', 'user_id', 'account_id')
    union
    select 'public', 'projects', 'id', 'projects'
    union
    select 'public', 'users', 'id', 'users'
    order by 1, 2, 3`;
}

/** Rows whose key columns (see keyColumns) hold one of the ids, by "table.column"; empty when none do. */
export async function rowsKeyedBy(ids: string[]): Promise<Record<string, number>> {
  const sql = testSql();
  const found: Record<string, number> = {};
  for (const key of await keyColumns()) {
    const [row] = await sql<{ count: number }[]>`
      select count(*)::int as count from ${sql(key.schema)}.${sql(key.table)}
      where ${sql(key.column)}::text in ${sql(ids)}`;
    if (row!.count) found[`${key.schema}.${key.table}.${key.column}`] = row!.count;
  }
  return found;
}

/**
 * Rows in which any column, read as text (jsonb, arrays, uuids and text alike), contains one of the values (an id,
 * an email address), by "schema.table"; tables of the app (public) and of the job queue (pgboss) are searched.
 */
export async function rowsMentioning(values: string[]): Promise<Record<string, number>> {
  const sql = testSql();
  const columns = await sql<{ schema: string; table: string; column: string }[]>`
    select c.table_schema as schema, c.table_name as table, c.column_name as column
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema in ('public', 'pgboss') and t.table_type = 'BASE TABLE'
      and c.data_type not in ('bytea', 'boolean', 'integer', 'bigint', 'smallint', 'numeric', 'real', 'double precision',
                              'date', 'timestamp with time zone', 'timestamp without time zone', 'time without time zone', 'interval')
    order by 1, 2, 3`;
  const patterns = values.map((value) => `%${value.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
  const tables = Map.groupBy(columns, (column) => `${column.schema}.${column.table}`);
  const found: Record<string, number> = {};
  for (const [name, list] of tables) {
    const matches = list
      .map((column) => sql`lower(${sql(column.column)}::text) like any (${patterns})`)
      .reduce((either, other) => sql`${either} or ${other}`);
    const [row] = await sql<{ count: number }[]>`
      select count(*)::int as count from ${sql(list[0]!.schema)}.${sql(list[0]!.table)} where ${matches}`;
    if (row!.count) found[name] = row!.count;
  }
  return found;
}

/** The audit log rows that record deletions of the given kind for a path. */
export async function deletionRecords(action: 'project_deleted' | 'account_deleted', path: string) {
  return testSql()`
    select actor_id, actor_email, subject_id, subject_email, action, method, path, status from audit_log
    where action = ${action} and path = ${path}`;
}
