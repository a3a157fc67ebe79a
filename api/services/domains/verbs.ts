import { randomBytes } from 'node:crypto';
import { resolveTxt } from 'node:dns/promises';
import { blogBase } from '../../config.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/sql.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { namedAppHosts, subdomainHost } from '../../blog/sites.ts';
import { authorize } from '../authorize.ts';
import { hostOf, INVALID_DOMAIN, normaliseDomain } from './name.ts';
import {
  claimDomain,
  clearDomain,
  type DomainRow,
  isDomainVerified,
  isDomainVerifiedElsewhere,
  projectSlugExists,
  recordDomainCheck,
  selectDomainRow,
} from './queries.ts';
import { forgetOwnBlog, forgetOwnProjectList } from '../actor.ts';
import type { CustomDomain } from '../../../src/lib/domains/schema.ts';

/** The DNS lookups verification needs; tests pass their own. */
export interface DomainResolver {
  resolveTxt: (name: string) => Promise<string[][]>;
}

/** The system resolver. */
export const systemResolver: DomainResolver = { resolveTxt };

export const DOMAIN_SAVED = 'Custom blog domain saved! Configure DNS and Cloudflare routing to complete setup.';
export const DOMAIN_REMOVED = 'Custom blog domain removed.';
export const DOMAIN_VERIFIED = 'Domain verified. Your blog is live on it.';
export const DOMAIN_NOT_VERIFIED = 'The TXT record was not found yet. DNS changes can take a while; check again later.';
export const DOMAIN_TAKEN = 'This domain is already connected to another project.';
export const DOMAIN_VERIFIED_ELSEWHERE =
  'This domain is already verified for another project, so it cannot be verified here. Remove it from that project first.';
export const INVALID_BASE_PATH = 'Please enter a valid path, like /blog.';

/** The TXT record name that proves a domain's owner asked for it. */
export const verificationName = (domain: string) => `_inkpilot-verify.${domain}`;

/** A project's blog address and custom domain as the workspace shows them. */
export type CustomDomainView = CustomDomain;

async function readRow(sql: Db, projectId: string): Promise<DomainRow> {
  const row = await selectDomainRow(sql, projectId);
  if (!row) throw new Error('project vanished');
  return row;
}

function viewOf(row: DomainRow, config: Config, message?: string): CustomDomainView {
  const base = blogBase(config);
  const subdomain = subdomainHost(row.slug, config);
  const subdomainUrl = `${base.protocol}//${subdomain}${base.port ? `:${base.port}` : ''}`;
  const verified = row.custom_blog_domain_status === 'verified' && row.custom_blog_domain;
  const records: CustomDomainView['records'] = row.custom_blog_domain
    ? [
        { type: 'CNAME', name: row.custom_blog_domain, value: subdomain },
        {
          type: 'TXT',
          name: verificationName(row.custom_blog_domain),
          value: `inkpilot-verify=${row.custom_blog_domain_token}`,
        },
      ]
    : [];
  return {
    domain: row.custom_blog_domain,
    status: row.custom_blog_domain_status,
    base_path: row.blog_base_path,
    blog_url: `${verified ? `https://${row.custom_blog_domain}` : subdomainUrl}${row.blog_base_path}/`,
    records,
    checked_at: row.custom_blog_domain_checked_at?.toISOString() ?? null,
    verified_at: row.custom_blog_domain_verified_at?.toISOString() ?? null,
    ...(message ? { message } : {}),
  };
}

/** A base path as stored: '' or '/seg[/seg]' in lower case without a trailing slash; null when unusable. */
export function normaliseBasePath(text: string): string | null {
  const trimmed = text.trim().toLowerCase().replace(/\/+$/, '');
  if (trimmed === '') return '';
  const path = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  return /^(\/[a-z0-9][a-z0-9._-]*){1,4}$/.test(path) && path.length <= 100 && !/\/\.\.?(\/|$)/.test(path)
    ? path
    : null;
}

/** The project's blog address, custom domain, its state and the DNS records to create (any member may read). */
export async function getCustomDomain({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string };
}): Promise<CustomDomainView> {
  const project = await authorize(ctx, input.projectId, 'read');
  return viewOf(await readRow(ctx.sql, project.id), ctx.config);
}

/**
 * Connects a custom domain (owners and editors): stored normalised and pending, with a fresh verification token,
 * until verifyCustomDomain finds its TXT record. The same domain again keeps its token and state. A pending claim
 * is not exclusive (each claimant has its own token, and only the domain's owner can publish one), so nobody can
 * lock the owner out by claiming first; a domain another project has verified is refused.
 */
export async function connectCustomDomain({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string; domain: string; base_path?: string | undefined };
}): Promise<CustomDomainView> {
  const project = await authorize(ctx, input.projectId, 'write');
  const domain = normaliseDomain(input.domain);
  const ours = [blogBase(ctx.config).domain, ...namedAppHosts(ctx.config)];
  if (!domain || ours.some((host) => domain === host || domain.endsWith(`.${host}`))) {
    throw new ValidationError([{ loc: ['body', 'domain'], msg: INVALID_DOMAIN, type: 'value_error' }]);
  }
  const basePath = input.base_path === undefined ? undefined : normaliseBasePath(input.base_path);
  if (basePath === null)
    throw new ValidationError([{ loc: ['body', 'base_path'], msg: INVALID_BASE_PATH, type: 'value_error' }]);
  if (await isDomainVerifiedElsewhere(ctx.sql, domain, project.id)) throw new ConflictError(DOMAIN_TAKEN);
  const token = randomBytes(16).toString('hex');
  try {
    await claimDomain(ctx.sql, project.id, { domain, token, basePath: basePath ?? null });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(DOMAIN_TAKEN);
    throw error;
  }
  forgetOwnProjectList(ctx);
  forgetOwnBlog(ctx, project.id);
  return viewOf(await readRow(ctx.sql, project.id), ctx.config, DOMAIN_SAVED);
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** Disconnects the custom domain (owners and editors); the blog stays on its project subdomain, at the root. */
export async function removeCustomDomain({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string };
}): Promise<{ message: string }> {
  const project = await authorize(ctx, input.projectId, 'write');
  await clearDomain(ctx.sql, project.id);
  forgetOwnProjectList(ctx);
  forgetOwnBlog(ctx, project.id);
  return { message: DOMAIN_REMOVED };
}

/**
 * Looks for the domain's TXT record (owners and editors): when it holds the token the domain is verified and the
 * blog answers on it from then on (every process learns it through the change feed); otherwise it stays pending.
 * A domain another project has verified is refused before any lookup: that claim stays pending for good.
 */
export async function verifyCustomDomain({
  ctx,
  input,
  resolver,
}: {
  ctx: ServiceContext;
  input: { projectId: string };
  resolver: DomainResolver;
}): Promise<CustomDomainView> {
  const project = await authorize(ctx, input.projectId, 'write');
  const row = await readRow(ctx.sql, project.id);
  if (!row.custom_blog_domain || !row.custom_blog_domain_token)
    throw new ValidationError('This project has no custom domain to verify.');
  if (await isDomainVerifiedElsewhere(ctx.sql, row.custom_blog_domain, project.id))
    throw new ConflictError(DOMAIN_VERIFIED_ELSEWHERE);
  const expected = `inkpilot-verify=${row.custom_blog_domain_token}`;
  let found = false;
  try {
    const records = await resolver.resolveTxt(verificationName(row.custom_blog_domain));
    found = records.some((chunks) => chunks.join('').trim() === expected);
  } catch {
    found = false; // NXDOMAIN, no TXT records or a DNS failure: not verified (yet)
  }
  try {
    await recordDomainCheck(ctx.sql, project.id, row.custom_blog_domain, found);
  } catch (error) {
    // Another project verified the same domain between the check above and this write.
    if (isUniqueViolation(error)) throw new ConflictError(DOMAIN_VERIFIED_ELSEWHERE);
    throw error;
  }
  forgetOwnProjectList(ctx);
  forgetOwnBlog(ctx, project.id);
  const status = found || row.custom_blog_domain_status === 'verified';
  return viewOf(await readRow(ctx.sql, project.id), ctx.config, status ? DOMAIN_VERIFIED : DOMAIN_NOT_VERIFIED);
}

/**
 * For an on-demand TLS proxy (Caddy's `ask`): true for a verified custom domain and for the subdomain of an existing
 * project, so a stock Caddy (no DNS-provider module for a wildcard certificate) can get each project subdomain its
 * own certificate on its first visit; never for a name nobody serves (docs/operations.md).
 */
export async function isDomainAllowed({
  sql,
  config,
  domain,
}: {
  sql: Db;
  config: Config;
  domain: string;
}): Promise<boolean> {
  const base = blogBase(config).domain;
  const name = hostOf(domain);
  if (name.endsWith(`.${base}`)) {
    const slug = name.slice(0, -base.length - 1);
    return !slug.includes('.') && (await projectSlugExists(sql, slug));
  }
  const host = normaliseDomain(domain);
  if (!host) return false;
  return isDomainVerified(sql, host);
}
