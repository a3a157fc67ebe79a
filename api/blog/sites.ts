import { isIP } from 'node:net';
import { blogBase, type Config } from '../config.ts';
import type { Db } from '../db/sql.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import { ChangeCache } from '../lib/change-cache.ts';
import { blogTitle } from '../../src/lib/projects/blog-brand.ts';
import { selectSiteByProject, selectSiteBySlug, selectSiteByVerifiedDomain, type SiteRow } from './queries.ts';

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
  /** The project's language: the home and tag pages and the feed are in it (each post in its own). */
  language: string;
  /** Protocol + host (+ port) of the canonical address, never taken from a request. */
  origin: string;
  /** Posts a run wrote carry the "AI-assisted" note (issue 27). */
  aiDisclosure: boolean;
  /** The IndexNow key the blog proves its host with at /{key}.txt (issue 28). */
  indexNowKey: string;
  /** The google-site-verification token its pages carry in <head> (Search Console ownership), or null. */
  googleSiteVerification: string | null;
}

/** What a host that is not the app's is: a blog, or nothing we serve (unknown slug or host, unverified domain). */
export type HostMatch = { kind: 'blog'; site: BlogSite } | { kind: 'closed' };

const CLOSED: HostMatch = { kind: 'closed' };
const appHostNames = new WeakMap<Config, Set<string>>();

/** The host names the app answers on by name: SITE_URL's host and APP_HOSTS. */
export function namedAppHosts(config: Config): Set<string> {
  let hosts = appHostNames.get(config);
  if (!hosts) {
    hosts = new Set([new URL(config.SITE_URL).hostname.toLowerCase(), ...config.APP_HOSTS]);
    appHostNames.set(config, hosts);
  }
  return hosts;
}

/**
 * True for a (normalised) host the app itself answers on: SITE_URL's host, APP_HOSTS, localhost, or an IP address
 * (v4, or v6 in brackets): a custom domain is never an IP, and a blog is never served on one. Every other host is a
 * blog's or gets a plain 404.
 */
export function isAppHost(host: string, config: Config): boolean {
  if (host === 'localhost' || isIP(host) === 4 || (host.startsWith('[') && isIP(host.slice(1, -1)) === 6)) return true;
  return namedAppHosts(config).has(host);
}

/** The site a project row describes, canonical on its verified domain when it has one. */
export function siteOf(row: SiteRow, config: Config): BlogSite {
  const base = blogBase(config);
  const domain = row.custom_blog_domain_status === 'verified' ? row.custom_blog_domain : null;
  return {
    projectId: row.id,
    name: blogTitle(row),
    slug: row.slug,
    domain,
    basePath: row.blog_base_path,
    logoUrl: row.blog_logo_url,
    accent: row.blog_accent_color,
    aiDisclosure: row.ai_disclosure,
    language: row.language,
    origin: domain
      ? `https://${domain}`
      : `${base.protocol}//${row.slug}.${base.domain}${base.port ? `:${base.port}` : ''}`,
    indexNowKey: row.indexnow_key ?? '',
    googleSiteVerification: row.google_site_verification ?? null,
  };
}

/** A project's blog, for work outside a request (a post leaving for a destination); undefined for no such project. */
export async function siteOfProject(sql: Db, config: Config, projectId: string): Promise<BlogSite | undefined> {
  const row = await selectSiteByProject(sql, projectId);
  return row ? siteOf(row, config) : undefined;
}

/** The project subdomain's address of a project. */
export function subdomainHost(slug: string, config: Config): string {
  return `${slug}.${blogBase(config).domain}`;
}

/**
 * Host → blog, decided only from stored data: `{slug}.{BLOG_BASE_DOMAIN}` of an existing project, or a custom domain
 * whose DNS check passed. Answers (misses too) are kept per process while the change feed is live; a change of a
 * project's blog drops its answer and every miss, so a newly verified domain or a new project is served from its
 * first request.
 */
export class BlogHosts {
  private readonly cache: ChangeCache<HostMatch>;
  constructor(feed: ChangeFeed) {
    this.cache = new ChangeCache(feed, 50_000);
    feed.subscribe((change) => {
      if (change.kind === 'blog' || change.kind === 'project') this.changed(change.key);
      else if (change.kind === 'reset') this.cache.clear();
    });
  }

  /** What the given (normalised) host, not an app host, is. */
  async match(sql: Db, config: Config, host: string): Promise<HostMatch> {
    return (await this.cache.get(host, () => loadHost(sql, config, host))) ?? CLOSED;
  }

  /**
   * Forgets what a change of the project's blog made stale: its hosts, and every miss (a miss may be the host a new
   * project or a newly verified domain now answers to). The feed calls it in every process; the process that made the
   * change calls it too, so its own next request never waits for the feed.
   */
  changed(projectId: string): void {
    this.cache.dropWhere((match) => match.kind === 'closed' || match.site.projectId === projectId);
  }

  /** Forgets every host of a project in this process at once (a deleted project), ahead of the change feed. */
  forget(projectId: string): void {
    this.cache.dropWhere((match) => match.kind === 'blog' && match.site.projectId === projectId);
  }

  /** What this process already knows the host is, without asking Postgres; undefined when it does not know. */
  known(host: string): HostMatch | undefined {
    return this.cache.peek(host);
  }
}

async function loadHost(sql: Db, config: Config, host: string): Promise<HostMatch> {
  const baseDomain = blogBase(config).domain;
  if (host === baseDomain) return CLOSED;
  if (host.endsWith(`.${baseDomain}`)) {
    const slug = host.slice(0, -baseDomain.length - 1);
    const row = slug.includes('.') ? undefined : await selectSiteBySlug(sql, slug);
    return row ? { kind: 'blog', site: siteOf(row, config) } : CLOSED;
  }
  // Several projects may claim a domain while it is pending; at most one has verified it (migration 0020).
  const row = await selectSiteByVerifiedDomain(sql, host);
  return row ? { kind: 'blog', site: siteOf(row, config) } : CLOSED;
}
