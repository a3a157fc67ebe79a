import type { Config } from '../../config.ts';
import type { Db } from '../../db/sql.ts';
import { selectSiteByProject } from '../../blog/queries.ts';
import { blogUrl } from '../../blog/render/html.ts';
import { siteOf } from '../../blog/sites.ts';

/** A project's blog as Search Console sees it: its address, its sitemap, and the URL of each post's page. */
export interface BlogAddress {
  blogUrl: string;
  sitemapUrl: string;
  postUrl: (slug: string) => string;
}

/** The blog's canonical addresses (its verified domain or project subdomain, under its base path). */
export async function blogAddressOf(sql: Db, config: Config, projectId: string): Promise<BlogAddress> {
  const row = await selectSiteByProject(sql, projectId);
  if (!row) throw new Error(`project ${projectId} vanished`);
  const site = siteOf(row, config);
  return {
    blogUrl: blogUrl(site, '/'),
    sitemapUrl: blogUrl(site, '/sitemap.xml'),
    postUrl: (slug) => blogUrl(site, `/${slug}`),
  };
}
