import { blogBase, type Config } from '../config.ts';
import type { Db } from '../db/sql.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import { ChangeCache } from '../lib/change-cache.ts';

/** A project's blog as a host serves it: who it is, how it looks, and its one canonical address. */
export interface BlogSite {
  projectId: string;
  name: string;
  slug: string;
  /** The verified custom domain, or null (the blog is then canonical on its project subdomain). */
  domain: string | null;
  /** '' or '/blog': every path of the blog starts with it (subpath mode). */
  basePath: string;
  logoUrl: string | null;
  accent: string;
  /** Protocol + host (+ port) of the canonical address, never taken from a request. */
  origin: string;
}

/** What a Host is: a blog, a host we hold but must not serve (unverified domain, unknown slug), or not ours at all. */
export type HostMatch = { kind: 'blog'; site: BlogSite } | { kind: 'closed'; projectId: string | null } | { kind: 'other' };

interface SiteRow {
  id: string;
  name: string;
  slug: string;
  custom_blog_domain: string | null;
  custom_blog_domain_status: string | null;
  blog_base_path: string;
  blog_logo_url: string | null;
  blog_accent_color: string;
}

/** The site a project row describes, canonical on its verified domain when it has one. */
export function siteOf(row: SiteRow, config: Config): BlogSite {
  const base = blogBase(config);
  const domain = row.custom_blog_domain_status === 'verified' ? row.custom_blog_domain : null;
  return {
    projectId: row.id,
    name: row.name,
    slug: row.slug,
    domain,
    basePath: row.blog_base_path,
    logoUrl: row.blog_logo_url,
    accent: row.blog_accent_color,
    origin: domain ? `https://${domain}` : `${base.protocol}//${row.slug}.${base.domain}${base.port ? `:${base.port}` : ''}`,
  };
}

/** The project subdomain's address of a project. */
export function subdomainHost(slug: string, config: Config): string {
  return `${slug}.${blogBase(config).domain}`;
}

/**
 * Host → blog, decided only from stored data: `{slug}.{BLOG_BASE_DOMAIN}` of an existing project, or a custom domain
 * whose DNS check passed. Answers (misses too) are kept per process while the change feed is live and dropped when a
 * project's blog changes, so a newly verified domain or a new project is served from its first request.
 */
export class BlogHosts {
  private readonly cache: ChangeCache<HostMatch>;
  constructor(feed: ChangeFeed) {
    this.cache = new ChangeCache(feed, 50_000);
    feed.subscribe((change) => {
      if (change.kind === 'blog' || change.kind === 'project') {
        // A miss may be the host a new project or domain now answers to: misses go too.
        this.cache.dropWhere((match) => match.kind === 'other' || (match.kind === 'blog' ? match.site.projectId === change.key : match.projectId === change.key || match.projectId === null));
      } else if (change.kind === 'reset') this.cache.clear();
    });
  }

  /** What the given (normalised) host is. */
  async match(sql: Db, config: Config, host: string): Promise<HostMatch> {
    return (await this.cache.get(host, () => loadHost(sql, config, host))) ?? { kind: 'other' };
  }
}

async function loadHost(sql: Db, config: Config, host: string): Promise<HostMatch> {
  const baseDomain = blogBase(config).domain;
  if (host === baseDomain) return { kind: 'closed', projectId: null };
  if (host.endsWith(`.${baseDomain}`)) {
    const slug = host.slice(0, -baseDomain.length - 1);
    const [row] = slug.includes('.') ? [] : await sql<SiteRow[]>`
      select id, name, slug, custom_blog_domain, custom_blog_domain_status, blog_base_path, blog_logo_url, blog_accent_color
      from projects where slug = ${slug}`;
    return row ? { kind: 'blog', site: siteOf(row, config) } : { kind: 'closed', projectId: null };
  }
  const [row] = await sql<SiteRow[]>`
    select id, name, slug, custom_blog_domain, custom_blog_domain_status, blog_base_path, blog_logo_url, blog_accent_color
    from projects where custom_blog_domain = ${host}`;
  if (!row) return { kind: 'other' };
  if (row.custom_blog_domain_status !== 'verified') return { kind: 'closed', projectId: row.id };
  return { kind: 'blog', site: siteOf(row, config) };
}
