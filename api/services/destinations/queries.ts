import type { DestinationKind } from '../../../src/lib/destinations/schema.ts';
import type { Db } from '../../db/sql.ts';

/** A destinations row: settings without secrets, and each secret sealed (never leaves the server). */
export interface DestinationRow {
  id: string;
  project_id: string;
  kind: DestinationKind;
  name: string;
  settings: Record<string, unknown>;
  secrets: Record<string, string>;
  canonical: 'blog' | 'destination';
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
}

/** A project's destinations, oldest first. */
export async function selectDestinations(sql: Db, projectId: string): Promise<DestinationRow[]> {
  return sql<DestinationRow[]>`
    select id, project_id, kind, name, settings, secrets, canonical, enabled, created_at, updated_at
    from destinations where project_id = ${projectId} order by created_at, id`;
}

/** One destination of the project, or undefined. */
export async function selectDestination(sql: Db, projectId: string, id: string): Promise<DestinationRow | undefined> {
  const [row]: [DestinationRow?] = await sql`
    select id, project_id, kind, name, settings, secrets, canonical, enabled, created_at, updated_at
    from destinations where project_id = ${projectId} and id = ${id}`;
  return row;
}

/** One destination by id alone (the delivery job, which acts for every project), or undefined. */
export async function selectDestinationById(sql: Db, id: string): Promise<DestinationRow | undefined> {
  const [row]: [DestinationRow?] = await sql`
    select id, project_id, kind, name, settings, secrets, canonical, enabled, created_at, updated_at
    from destinations where id = ${id}`;
  return row;
}

export interface NewDestination {
  id: string;
  project_id: string;
  kind: DestinationKind;
  name: string;
  settings: Record<string, unknown>;
  secrets: Record<string, string>;
  canonical: 'blog' | 'destination';
  enabled: boolean;
  created_by: string | null;
}

/** Inserts a destination; throws the unique violation when another destination of the project is canonical. */
export async function insertDestination(sql: Db, row: NewDestination): Promise<DestinationRow> {
  const [saved]: [DestinationRow?] = await sql`
    insert into destinations (id, project_id, kind, name, settings, secrets, canonical, enabled, created_by)
    values (${row.id}, ${row.project_id}, ${row.kind}, ${row.name}, ${sql.json(row.settings as never)},
      ${sql.json(row.secrets)}, ${row.canonical}, ${row.enabled}, ${row.created_by})
    returning id, project_id, kind, name, settings, secrets, canonical, enabled, created_at, updated_at`;
  if (!saved) throw new Error('destination insert returned nothing');
  return saved;
}

/** Replaces what a destination holds; undefined when it is gone. Throws the canonical unique violation. */
export async function updateDestinationRow(
  sql: Db,
  projectId: string,
  id: string,
  fields: Pick<DestinationRow, 'name' | 'settings' | 'secrets' | 'canonical' | 'enabled'>,
): Promise<DestinationRow | undefined> {
  const [saved]: [DestinationRow?] = await sql`
    update destinations set name = ${fields.name}, settings = ${sql.json(fields.settings as never)},
      secrets = ${sql.json(fields.secrets)}, canonical = ${fields.canonical}, enabled = ${fields.enabled},
      updated_at = now()
    where project_id = ${projectId} and id = ${id}
    returning id, project_id, kind, name, settings, secrets, canonical, enabled, created_at, updated_at`;
  return saved;
}

/** Deletes a destination (its opt-outs, placements and delivery log go with it); false when it was not there. */
export async function deleteDestinationRow(sql: Db, projectId: string, id: string): Promise<boolean> {
  const deleted = await sql`delete from destinations where project_id = ${projectId} and id = ${id} returning id`;
  return deleted.length > 0;
}

/** The name of the project's canonical destination other than `exceptId`, if any. */
export async function canonicalDestinationName(
  sql: Db,
  projectId: string,
  exceptId: string | null,
): Promise<string | null> {
  const [row]: [{ name: string }?] = await sql`
    select name from destinations
    where project_id = ${projectId} and canonical = 'destination' and id is distinct from ${exceptId}`;
  return row?.name ?? null;
}
