import {
  GoogleApiError,
  type AnalyticsQuery,
  type SearchConsoleClient,
} from '../../providers/google/search-console.ts';
import type { SecretBox } from '../secret-box.ts';
import { addDays } from '../calendar/dates.ts';
import { blogAddressOf } from './blog.ts';
import type { InspectEnv } from './inspect.ts';
import {
  type ConnectionRow,
  selectConnection,
  selectConnectionsToSync,
  storeMetricsResult,
} from './queries/connections.ts';
import { type PageDay, type QueryDay, replaceMetricDays } from './queries/metrics.ts';
import { boxFor, clientFor, ReconnectNeeded } from './tokens.ts';

/** Days fetched the first time (enough for the charts, four weeks of decline and rising queries). */
export const FIRST_SYNC_DAYS = 90;
/** Google revises its last days for a while: each sync fetches these again. */
const REVISED_DAYS = 3;
/** A project's metrics are fetched once a day. */
const SYNC_EVERY_MS = 20 * 3_600_000;
const ROW_LIMIT = 25_000;
const MAX_PAGES = 20;

/**
 * Fetches Search Analytics for the deployment's connected projects not synced in the last day, or for one project
 * now. Each project's days are replaced in one transaction; a failure is kept on the connection in Google's words.
 */
export async function syncSearchMetrics(
  env: InspectEnv,
  options: { projectId?: string; now?: () => Date } = {},
): Promise<void> {
  const now = options.now ?? (() => new Date());
  const box = await boxFor(env);
  const due = options.projectId
    ? [await selectConnection(env.sql, options.projectId)].filter(
        (row): row is ConnectionRow =>
          Boolean(row) &&
          row?.status === 'connected' &&
          Boolean(row.property) &&
          row.jobs_prefix === env.config.JOBS_QUEUE_PREFIX,
      )
    : await selectConnectionsToSync(env.sql, env.config.JOBS_QUEUE_PREFIX, new Date(now().getTime() - SYNC_EVERY_MS));
  for (const connection of due) await syncProject(env, box, connection, now());
}

async function syncProject(env: InspectEnv, box: SecretBox, connection: ConnectionRow, now: Date): Promise<void> {
  const property = connection.property;
  if (!property) return;
  const projectId = connection.project_id;
  const client = clientFor({ sql: env.sql, config: env.config, box }, connection);
  const blog = await blogAddressOf(env.sql, env.config, projectId);
  const end = now.toISOString().slice(0, 10);
  const start = connection.metrics_through
    ? addDays(connection.metrics_through, -REVISED_DAYS)
    : addDays(end, -FIRST_SYNC_DAYS);
  const ofBlog = (page: string) => page.startsWith(blog.blogUrl);
  try {
    const pageRows = await fetchAll(client, property, { startDate: start, endDate: end, dimensions: ['date', 'page'] });
    const queryRows = await fetchAll(client, property, {
      startDate: start,
      endDate: end,
      dimensions: ['date', 'page', 'query'],
    });
    const pages: PageDay[] = pageRows
      .filter((row) => ofBlog(row.keys[1] ?? ''))
      .map((row) => ({
        day: row.keys[0] ?? '',
        page: row.keys[1] ?? '',
        clicks: row.clicks,
        impressions: row.impressions,
        position: row.position,
      }));
    const queries: QueryDay[] = queryRows
      .filter((row) => ofBlog(row.keys[1] ?? ''))
      .map((row) => ({
        day: row.keys[0] ?? '',
        page: row.keys[1] ?? '',
        query: row.keys[2] ?? '',
        clicks: row.clicks,
        impressions: row.impressions,
        position: row.position,
      }));
    const through = pages.reduce<string | null>((last, row) => (!last || row.day > last ? row.day : last), null);
    await env.sql.begin(async (tx) => {
      await replaceMetricDays(tx, projectId, { from: start, to: end }, { pages, queries });
      await storeMetricsResult(tx, projectId, { through, error: null, at: now });
    });
  } catch (error) {
    if (error instanceof ReconnectNeeded) return; // the connection says so; nothing to fetch until an owner reconnects
    const words =
      error instanceof GoogleApiError
        ? error.rateLimited
          ? `Search Console's quota was used up ("${error.message}"); the metrics are fetched again within the hour.`
          : `Search Console said: "${error.message}"`
        : `Search Console could not be read: ${(error as Error).message}`;
    env.log(`search console: metrics of project ${projectId} failed: ${words}`);
    // A failed sync is tried again at the next hourly run: its time is set back so the project stays due.
    await storeMetricsResult(env.sql, projectId, {
      through: null,
      error: words,
      at: connection.metrics_synced_at ?? new Date(0),
    });
  }
}

/** Every row of a Search Analytics query, page after page of 25,000. */
async function fetchAll(
  client: SearchConsoleClient,
  property: string,
  query: Omit<AnalyticsQuery, 'rowLimit' | 'startRow'>,
) {
  const rows = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const batch = await client.searchAnalytics(property, { ...query, rowLimit: ROW_LIMIT, startRow: page * ROW_LIMIT });
    rows.push(...batch);
    if (batch.length < ROW_LIMIT) break;
  }
  return rows;
}
