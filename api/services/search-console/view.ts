import type { SearchConsoleConnection } from '../../../src/lib/search-console/schema.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/sql.ts';
import { missingOAuthSettings } from '../../providers/google/oauth.ts';
import { selectSiteByProject } from '../../blog/queries.ts';
import { blogAddressOf } from './blog.ts';
import { coversUrl } from './coverage.ts';
import { selectConnection } from './queries/connections.ts';

/** The project's connection as members see it: its state, property, sitemap and metrics — never a token. */
export async function connectionView(
  sql: Db,
  config: Config,
  projectId: string,
  message?: string,
): Promise<SearchConsoleConnection> {
  const [row, blog, site] = await Promise.all([
    selectConnection(sql, projectId),
    blogAddressOf(sql, config, projectId),
    selectSiteByProject(sql, projectId),
  ]);
  const missing = missingOAuthSettings(config);
  return {
    configured: missing.length === 0,
    missing_settings: missing,
    connected: Boolean(row),
    status: row?.status ?? null,
    status_reason: row?.status_reason ?? null,
    connected_at: row?.created_at.toISOString() ?? null,
    property: row?.property ?? null,
    property_covers_blog: row?.property ? coversUrl(row.property, blog.blogUrl) : null,
    blog_url: blog.blogUrl,
    sitemap_url: row?.sitemap_url ?? blog.sitemapUrl,
    sitemap_submitted_at: row?.sitemap_submitted_at?.toISOString() ?? null,
    sitemap_error: row?.sitemap_error ?? null,
    metrics_through: row?.metrics_through ?? null,
    metrics_synced_at: row?.metrics_synced_at?.toISOString() ?? null,
    metrics_error: row?.metrics_error ?? null,
    verification_token: site?.google_site_verification ?? null,
    ...(message ? { message } : {}),
  };
}
