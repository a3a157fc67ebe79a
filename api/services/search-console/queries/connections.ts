import type { Db } from '../../../db/sql.ts';

/** A project's Search Console connection as stored (tokens sealed). */
export interface ConnectionRow {
  project_id: string;
  connected_by: string | null;
  refresh_token_sealed: string;
  access_token_sealed: string | null;
  access_token_expires_at: Date | null;
  scope: string;
  status: 'connected' | 'reconnect';
  status_reason: string | null;
  property: string | null;
  property_permission: string | null;
  sitemap_url: string | null;
  sitemap_submitted_at: Date | null;
  sitemap_error: string | null;
  metrics_through: string | null;
  metrics_synced_at: Date | null;
  metrics_error: string | null;
  jobs_prefix: string;
  created_at: Date;
}

/** What revoking a project's grant needs: its sealed refresh token, and which deployment made it. */
export type GrantRow = Pick<ConnectionRow, 'project_id' | 'refresh_token_sealed' | 'jobs_prefix'>;

const columns = (sql: Db) => sql`
  project_id, connected_by, refresh_token_sealed, access_token_sealed, access_token_expires_at, scope, status,
  status_reason, property, property_permission, sitemap_url, sitemap_submitted_at, sitemap_error,
  metrics_through::text as metrics_through, metrics_synced_at, metrics_error, jobs_prefix, created_at`;

/** The project's connection, or undefined. */
export async function selectConnection(sql: Db, projectId: string): Promise<ConnectionRow | undefined> {
  const [row]: [ConnectionRow?] = await sql`
    select ${columns(sql)} from search_console_connections where project_id = ${projectId}`;
  return row;
}

/**
 * Stores a new grant for the project (sealed tokens): connected again, the property and its data kept when the
 * project had one (a reconnect), status reason cleared.
 */
export async function upsertConnection(
  sql: Db,
  projectId: string,
  grant: {
    userId: string;
    refreshSealed: string;
    accessSealed: string;
    expiresAt: Date;
    scope: string;
    jobsPrefix: string;
  },
): Promise<void> {
  await sql`
    insert into search_console_connections
      (project_id, connected_by, refresh_token_sealed, access_token_sealed, access_token_expires_at, scope, jobs_prefix)
    values (${projectId}, ${grant.userId}, ${grant.refreshSealed}, ${grant.accessSealed}, ${grant.expiresAt}, ${grant.scope},
            ${grant.jobsPrefix})
    on conflict (project_id) do update set
      connected_by = excluded.connected_by, jobs_prefix = excluded.jobs_prefix, refresh_token_sealed = excluded.refresh_token_sealed,
      access_token_sealed = excluded.access_token_sealed, access_token_expires_at = excluded.access_token_expires_at,
      scope = excluded.scope, status = 'connected', status_reason = null, updated_at = now()`;
}

/** A fresh access token (sealed) and when it expires. */
export async function storeAccessToken(
  sql: Db,
  projectId: string,
  token: { sealed: string; expiresAt: Date },
): Promise<void> {
  await sql`
    update search_console_connections
    set access_token_sealed = ${token.sealed}, access_token_expires_at = ${token.expiresAt}, updated_at = now()
    where project_id = ${projectId}`;
}

/** Google refused the refresh token: the connection waits for an owner to connect again; its tokens are dropped. */
export async function markReconnect(sql: Db, projectId: string, reason: string): Promise<void> {
  await sql`
    update search_console_connections
    set status = 'reconnect', status_reason = ${reason}, access_token_sealed = null, access_token_expires_at = null,
        updated_at = now()
    where project_id = ${projectId}`;
}

/** The chosen property (and the permission Google gave), with the outcome of submitting the blog's sitemap. */
export async function storeProperty(
  sql: Db,
  projectId: string,
  property: { siteUrl: string; permission: string; sitemapUrl: string; submittedAt: Date | null; error: string | null },
): Promise<void> {
  await sql`
    update search_console_connections
    set property = ${property.siteUrl}, property_permission = ${property.permission}, sitemap_url = ${property.sitemapUrl},
        sitemap_submitted_at = ${property.submittedAt}, sitemap_error = ${property.error},
        metrics_through = case when property is distinct from ${property.siteUrl} then null else metrics_through end,
        updated_at = now()
    where project_id = ${projectId}`;
}

/** The outcome of a sitemap submission. */
export async function storeSitemapResult(
  sql: Db,
  projectId: string,
  result: { sitemapUrl: string; submittedAt: Date | null; error: string | null },
): Promise<void> {
  await sql`
    update search_console_connections
    set sitemap_url = ${result.sitemapUrl}, sitemap_submitted_at = coalesce(${result.submittedAt}, sitemap_submitted_at),
        sitemap_error = ${result.error}, updated_at = now()
    where project_id = ${projectId}`;
}

/** The outcome of a metrics sync: the last day stored, or why it failed. */
export async function storeMetricsResult(
  sql: Db,
  projectId: string,
  result: { through: string | null; error: string | null; at: Date },
): Promise<void> {
  await sql`
    update search_console_connections
    set metrics_through = coalesce(${result.through}::date, metrics_through), metrics_error = ${result.error},
        metrics_synced_at = ${result.at}, updated_at = now()
    where project_id = ${projectId}`;
}

/**
 * The grants of projects being deleted, their rows locked until the deletion commits: a reconnect racing it waits,
 * then finds the project gone, so no grant is stored that the deletion did not read. The caller has locked the
 * project rows (for update), which holds back a first connection's insert the same way.
 */
export async function lockGrantsOf(sql: Db, projectIds: string[]): Promise<GrantRow[]> {
  if (!projectIds.length) return [];
  return sql<GrantRow[]>`
    select project_id, refresh_token_sealed, jobs_prefix from search_console_connections
    where project_id in ${sql(projectIds)} order by project_id for update`;
}

/** Forgets the connection and everything read through it (the project's search data and inspections). */
export async function deleteConnection(sql: Db, projectId: string): Promise<void> {
  await sql`delete from search_console_connections where project_id = ${projectId}`;
  await sql`delete from search_console_inspections where project_id = ${projectId}`;
  await sql`delete from search_console_page_days where project_id = ${projectId}`;
  await sql`delete from search_console_query_days where project_id = ${projectId}`;
}

/** The properties some working connection of the deployment reads, each once: the inspection budget is per property. */
export async function selectActiveProperties(sql: Db, jobsPrefix: string): Promise<string[]> {
  const rows = await sql<{ property: string }[]>`
    select distinct property from search_console_connections
    where jobs_prefix = ${jobsPrefix} and status = 'connected' and property is not null`;
  return rows.map((row) => row.property);
}

/** The deployment's working connections reading a property (several projects may share one). */
export async function selectConnectionsOfProperty(
  sql: Db,
  jobsPrefix: string,
  property: string,
): Promise<ConnectionRow[]> {
  return sql<ConnectionRow[]>`
    select ${columns(sql)} from search_console_connections
    where jobs_prefix = ${jobsPrefix} and property = ${property} and status = 'connected' order by project_id`;
}

/** The deployment's working connections with a property whose metrics were not fetched since `before` (or never). */
export async function selectConnectionsToSync(sql: Db, jobsPrefix: string, before: Date): Promise<ConnectionRow[]> {
  return sql<ConnectionRow[]>`
    select ${columns(sql)} from search_console_connections
    where jobs_prefix = ${jobsPrefix} and status = 'connected' and property is not null and (metrics_synced_at is null or metrics_synced_at < ${before})
    order by metrics_synced_at nulls first`;
}

/** The google-site-verification token of the project's blog (null to remove it). */
export async function storeVerificationToken(sql: Db, projectId: string, token: string | null): Promise<void> {
  await sql`update projects set google_site_verification = ${token} where id = ${projectId}`;
}
