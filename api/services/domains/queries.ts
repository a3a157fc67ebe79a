import type { Db } from '../../db/sql.ts';

/** A project's blog address settings (projects columns the domain flow reads). */
export interface DomainRow {
  id: string;
  slug: string;
  custom_blog_domain: string | null;
  custom_blog_domain_status: 'pending' | 'verified' | null;
  custom_blog_domain_token: string | null;
  custom_blog_domain_checked_at: Date | null;
  custom_blog_domain_verified_at: Date | null;
  blog_base_path: string;
}

/** The project's domain settings, or undefined when the project is gone. */
export async function selectDomainRow(sql: Db, projectId: string): Promise<DomainRow | undefined> {
  const [row]: [DomainRow?] = await sql`
    select id, slug, custom_blog_domain, custom_blog_domain_status, custom_blog_domain_token, custom_blog_domain_checked_at,
           custom_blog_domain_verified_at, blog_base_path
    from projects where id = ${projectId}`;
  return row;
}

/**
 * Claims a domain for the project: a new one starts pending with `token`; the domain it already has keeps its token
 * and state. `basePath` null keeps the stored path. Throws the unique violation of migration 0020 when another
 * project has verified it meanwhile.
 */
export async function claimDomain(
  sql: Db,
  projectId: string,
  claim: { domain: string; token: string; basePath: string | null },
): Promise<void> {
  const { domain, token, basePath } = claim;
  await sql`
    update projects set
      custom_blog_domain_status = case when custom_blog_domain = ${domain} then custom_blog_domain_status else 'pending' end,
      custom_blog_domain_token = case when custom_blog_domain = ${domain} then custom_blog_domain_token else ${token} end,
      custom_blog_domain_checked_at = case when custom_blog_domain = ${domain} then custom_blog_domain_checked_at end,
      custom_blog_domain_verified_at = case when custom_blog_domain = ${domain} then custom_blog_domain_verified_at end,
      custom_blog_domain = ${domain},
      blog_base_path = coalesce(${basePath}, blog_base_path),
      updated_at = now()
    where id = ${projectId}`;
}

/** Whether a project other than `projectId` has verified the domain. */
export async function isDomainVerifiedElsewhere(sql: Db, domain: string, projectId: string): Promise<boolean> {
  const [holder] = await sql`
    select 1 from projects
    where custom_blog_domain = ${domain} and custom_blog_domain_status = 'verified' and id <> ${projectId}`;
  return Boolean(holder);
}

/** Whether any project has verified the domain. */
export async function isDomainVerified(sql: Db, domain: string): Promise<boolean> {
  const [row] =
    await sql`select 1 from projects where custom_blog_domain = ${domain} and custom_blog_domain_status = 'verified'`;
  return Boolean(row);
}

/** Drops the project's custom domain, its verification and its base path. */
export async function clearDomain(sql: Db, projectId: string): Promise<void> {
  await sql`
    update projects set custom_blog_domain = null, custom_blog_domain_status = null, custom_blog_domain_token = null,
      custom_blog_domain_checked_at = null, custom_blog_domain_verified_at = null, blog_base_path = '', updated_at = now()
    where id = ${projectId}`;
}

/**
 * Records a TXT lookup of the project's domain (still `domain`): when `found`, the domain is verified (the first
 * verification's time is kept). Throws the unique violation when another project verified it meanwhile.
 */
export async function recordDomainCheck(sql: Db, projectId: string, domain: string, found: boolean): Promise<void> {
  await sql`
    update projects set custom_blog_domain_checked_at = now(),
      custom_blog_domain_status = case when ${found} then 'verified' else custom_blog_domain_status end,
      custom_blog_domain_verified_at = case when ${found} and custom_blog_domain_verified_at is null then now() else custom_blog_domain_verified_at end,
      updated_at = now()
    where id = ${projectId} and custom_blog_domain = ${domain}`;
}

/** Whether a project has this slug (its blog subdomain exists): Caddy's `ask` for a project subdomain. */
export async function projectSlugExists(sql: Db, slug: string): Promise<boolean> {
  const [project] = await sql`select 1 from projects where slug = ${slug}`;
  return Boolean(project);
}
