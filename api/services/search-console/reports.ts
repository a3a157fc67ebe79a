import type {
  CompetingPage,
  PostSearchReport,
  PostSearchSummaries,
  RefreshSuggestion,
  RisingQuery,
  SearchInsights,
} from '../../../src/lib/search-console/schema.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/sql.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { authorize } from '../authorize.ts';
import { addDays } from '../calendar/dates.ts';
import { blogAddressOf } from './blog.ts';
import {
  CANNIBALISATION_MIN_IMPRESSIONS,
  fellForWeeks,
  isAbout,
  isRising,
  REFRESH_WEEKS,
  refreshMessage,
  RISING_DAYS,
  RISING_MIN_IMPRESSIONS,
} from './learning.ts';
import { selectConnection } from './queries/connections.ts';
import { selectInspections } from './queries/inspections.ts';
import {
  selectLastMetricDay,
  selectPageDays,
  selectPageQueries,
  selectPageTotals,
  selectQueriesOnSeveralPages,
  selectQueryTrends,
  selectWeeklyClicks,
  type Totals,
} from './queries/metrics.ts';
import { type ReportedPost, selectReportedPosts } from './queries/posts.ts';

/** Totals cover the last 28 days of data; the post page charts 90. */
const WINDOW_DAYS = 28;
const CHART_DAYS = 90;
const TOP_QUERIES = 20;

/** A URL as pages are matched to posts: without a trailing slash (Google may report either form). */
const pageKey = (url: string) => (url.endsWith('/') && new URL(url).pathname !== '/' ? url.slice(0, -1) : url);

const totalsOf = (rows: Totals[]) => {
  const clicks = rows.reduce((sum, row) => sum + row.clicks, 0);
  const impressions = rows.reduce((sum, row) => sum + row.impressions, 0);
  const weighted = rows.reduce((sum, row) => sum + (row.position ?? 0) * row.impressions, 0);
  return {
    clicks,
    impressions,
    ctr: impressions ? clicks / impressions : 0,
    position: impressions ? Math.round((weighted / impressions) * 10) / 10 : null,
  };
};

/** What the reports of a project are made from: its posts, their pages, and the last day of data. */
async function reportBasis(sql: Db, config: Config, projectId: string) {
  const [connection, blog, posts] = await Promise.all([
    selectConnection(sql, projectId),
    blogAddressOf(sql, config, projectId),
    selectReportedPosts(sql, projectId),
  ]);
  const urlOf = new Map(posts.map((post) => [post.id, blog.postUrl(post.slug)]));
  const postOfPage = new Map(posts.map((post) => [pageKey(blog.postUrl(post.slug)), post]));
  const postOf = (page: string): ReportedPost | undefined => postOfPage.get(pageKey(page));
  const lastDay = connection ? (connection.metrics_through ?? (await selectLastMetricDay(sql, projectId))) : null;
  const window = lastDay ? { from: addDays(lastDay, -(WINDOW_DAYS - 1)), to: lastDay } : null;
  return { connection, posts, urlOf, postOf, lastDay, window };
}

/** Every page form Google reported for a post in the range (with and without a trailing slash). */
async function pagesOfPost(sql: Db, projectId: string, url: string, range: { from: string; to: string }) {
  const pages = (await selectPageTotals(sql, projectId, range)).map((row) => row.page);
  return pages.filter((page) => pageKey(page) === pageKey(url));
}

/** Each post's index status and last 28 days, for the badges on calendar cards and in the post list (any member). */
export async function postSearchSummaries({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string };
}): Promise<PostSearchSummaries> {
  const project = await authorize(ctx, input.projectId, 'read');
  const basis = await reportBasis(ctx.sql, ctx.config, project.id);
  if (!basis.connection) return { connected: false, metrics_through: null, items: [] };
  const [inspections, totals] = await Promise.all([
    selectInspections(ctx.sql, project.id),
    basis.window ? selectPageTotals(ctx.sql, project.id, basis.window) : Promise.resolve([]),
  ]);
  const totalsByPost = new Map<string, Totals[]>();
  for (const row of totals) {
    const post = basis.postOf(row.page);
    if (post) totalsByPost.set(post.id, [...(totalsByPost.get(post.id) ?? []), row]);
  }
  const inspectionOf = new Map(inspections.map((row) => [row.post_id, row]));
  const items = basis.posts
    .filter((post) => post.status === 'published' || inspectionOf.has(post.id) || totalsByPost.has(post.id))
    .map((post) => {
      const inspection = inspectionOf.get(post.id);
      return {
        post_id: post.id,
        url: basis.urlOf.get(post.id) ?? '',
        index_status: inspection?.status ?? null,
        coverage_state: inspection?.coverage_state ?? null,
        last_crawl_at: inspection?.last_crawl_at?.toISOString() ?? null,
        inspected_at: inspection?.inspected_at.toISOString() ?? null,
        ...totalsOf(totalsByPost.get(post.id) ?? []),
      };
    });
  return { connected: true, metrics_through: basis.lastDay, items };
}

/** Posts whose clicks fell four weeks in a row, as of the last day of data. */
async function refreshSuggestions(
  sql: Db,
  projectId: string,
  basis: Awaited<ReturnType<typeof reportBasis>>,
): Promise<RefreshSuggestion[]> {
  if (!basis.lastDay) return [];
  const weekly = new Map<string, number[]>();
  for (const row of await selectWeeklyClicks(sql, projectId, basis.lastDay, REFRESH_WEEKS + 1)) {
    const post = basis.postOf(row.page);
    if (!post) continue;
    const sum = weekly.get(post.id) ?? row.weekly.map(() => 0);
    weekly.set(
      post.id,
      sum.map((clicks, index) => clicks + (row.weekly[index] ?? 0)),
    );
  }
  return basis.posts.flatMap((post) => {
    const clicks = weekly.get(post.id);
    if (!clicks || post.status !== 'published' || !fellForWeeks(clicks)) return [];
    return [{ post_id: post.id, title: post.title, weekly_clicks: clicks, message: refreshMessage(clicks) }];
  });
}

/** Queries two or more of the project's posts each got impressions for in the last 28 days, per query. */
async function cannibalisation(
  sql: Db,
  projectId: string,
  basis: Awaited<ReturnType<typeof reportBasis>>,
): Promise<{ query: string; posts: { post: ReportedPost; totals: ReturnType<typeof totalsOf> }[] }[]> {
  if (!basis.window) return [];
  const perQuery = new Map<string, Map<string, { post: ReportedPost; rows: Totals[] }>>();
  for (const row of await selectQueriesOnSeveralPages(sql, projectId, basis.window)) {
    const post = basis.postOf(row.page);
    if (!post) continue;
    const posts = perQuery.get(row.query) ?? new Map();
    const entry = posts.get(post.id) ?? { post, rows: [] };
    entry.rows.push(row);
    posts.set(post.id, entry);
    perQuery.set(row.query, posts);
  }
  return [...perQuery.entries()]
    .map(([query, posts]) => ({
      query,
      posts: [...posts.values()]
        .map(({ post, rows }) => ({ post, totals: totalsOf(rows) }))
        .filter((entry) => entry.totals.impressions >= CANNIBALISATION_MIN_IMPRESSIONS)
        .sort((a, b) => b.totals.impressions - a.totals.impressions),
    }))
    .filter((group) => group.posts.length >= 2)
    .sort((a, b) => a.query.localeCompare(b.query));
}

/** One post's report (any member): status, 90 days of clicks and impressions, top queries, competition, refresh. */
export async function postSearchReport({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string; postId: string };
}): Promise<PostSearchReport> {
  const project = await authorize(ctx, input.projectId, 'read');
  const basis = await reportBasis(ctx.sql, ctx.config, project.id);
  const post = basis.posts.find((candidate) => candidate.id === input.postId.toLowerCase());
  if (!post) throw new NotFoundError('Post not found.');
  const url = basis.urlOf.get(post.id) ?? null;
  const empty: PostSearchReport['totals'] = { clicks: 0, impressions: 0, ctr: 0, position: null };
  if (!basis.connection || !url)
    return {
      post_id: post.id,
      url,
      connected: Boolean(basis.connection),
      metrics_through: null,
      inspection: null,
      totals: empty,
      days: [],
      queries: [],
      cannibalisation: [],
      refresh: null,
    };
  const inspection = (await selectInspections(ctx.sql, project.id)).find((row) => row.post_id === post.id);
  let days: PostSearchReport['days'] = [];
  let queries: PostSearchReport['queries'] = [];
  let totals = empty;
  let competing: CompetingPage[] = [];
  let refresh: RefreshSuggestion | null = null;
  if (basis.lastDay && basis.window) {
    const chart = { from: addDays(basis.lastDay, -(CHART_DAYS - 1)), to: basis.lastDay };
    const pages = await pagesOfPost(ctx.sql, project.id, url, chart);
    const byDay = new Map((await selectPageDays(ctx.sql, project.id, pages, chart)).map((row) => [row.date, row]));
    // Every day of the chart, zero where Google reported nothing, so the lines do not skip quiet days.
    const first = [...byDay.keys()][0];
    for (let day = first ?? basis.lastDay; first && day <= basis.lastDay; day = addDays(day, 1))
      days.push({ date: day, clicks: byDay.get(day)?.clicks ?? 0, impressions: byDay.get(day)?.impressions ?? 0 });
    const windowPages = await pagesOfPost(ctx.sql, project.id, url, basis.window);
    totals = totalsOf(
      (await selectPageTotals(ctx.sql, project.id, basis.window)).filter((row) => windowPages.includes(row.page)),
    );
    queries = (await selectPageQueries(ctx.sql, project.id, windowPages, basis.window, TOP_QUERIES)).map((row) => ({
      query: row.query,
      ...totalsOf([row]),
    }));
    competing = (await cannibalisation(ctx.sql, project.id, basis)).flatMap((group) => {
      const mine = group.posts.find((entry) => entry.post.id === post.id);
      if (!mine) return [];
      return group.posts
        .filter((entry) => entry.post.id !== post.id)
        .map((other) => ({
          query: group.query,
          post_id: post.id,
          other_post_id: other.post.id,
          other_title: other.post.title,
          impressions: mine.totals.impressions,
          other_impressions: other.totals.impressions,
          position: mine.totals.position,
          other_position: other.totals.position,
        }));
    });
    refresh = (await refreshSuggestions(ctx.sql, project.id, basis)).find((item) => item.post_id === post.id) ?? null;
  } else {
    days = [];
  }
  return {
    post_id: post.id,
    url,
    connected: true,
    metrics_through: basis.lastDay,
    inspection: inspection
      ? {
          index_status: inspection.status,
          coverage_state: inspection.coverage_state,
          last_crawl_at: inspection.last_crawl_at?.toISOString() ?? null,
          inspected_at: inspection.inspected_at.toISOString(),
        }
      : null,
    totals,
    days,
    queries,
    cannibalisation: competing,
    refresh,
  };
}

/**
 * Rising queries of the project's blog that no post (and no piece in `planned`) is about, fastest rising first:
 * topics the blog is already shown for without an answer of its own.
 */
export async function risingQueriesOf(
  sql: Db,
  projectId: string,
  options: { lastDay?: string | null; planned?: { title: string; target_keyword: string; keywords?: string[] }[] } = {},
): Promise<RisingQuery[]> {
  const connection = await selectConnection(sql, projectId);
  if (!connection) return [];
  const lastDay = options.lastDay ?? connection.metrics_through ?? (await selectLastMetricDay(sql, projectId));
  if (!lastDay) return [];
  const posts = await selectReportedPosts(sql, projectId);
  const pieces = [
    ...posts.map((post) => ({ title: post.title, target_keyword: post.target_keyword, keywords: post.keywords })),
    ...(options.planned ?? []),
  ];
  const trends = await selectQueryTrends(sql, projectId, lastDay, RISING_DAYS, RISING_MIN_IMPRESSIONS);
  return trends
    .filter(isRising)
    .filter((trend) => !pieces.some((piece) => isAbout(trend.query, piece)))
    .sort(
      (a, b) =>
        b.impressions - b.previous_impressions - (a.impressions - a.previous_impressions) ||
        a.query.localeCompare(b.query),
    );
}

/** The project's learning loop (any member): posts to refresh, competing posts per query, rising queries. */
export async function searchInsights({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string };
}): Promise<SearchInsights> {
  const project = await authorize(ctx, input.projectId, 'read');
  const basis = await reportBasis(ctx.sql, ctx.config, project.id);
  if (!basis.connection)
    return { connected: false, metrics_through: null, refresh: [], cannibalisation: [], rising_queries: [] };
  const [refresh, groups, rising] = await Promise.all([
    refreshSuggestions(ctx.sql, project.id, basis),
    cannibalisation(ctx.sql, project.id, basis),
    risingQueriesOf(ctx.sql, project.id, { lastDay: basis.lastDay }),
  ]);
  return {
    connected: true,
    metrics_through: basis.lastDay,
    refresh,
    cannibalisation: groups.map((group) => ({
      query: group.query,
      posts: group.posts.map(({ post, totals }) => ({
        post_id: post.id,
        title: post.title,
        impressions: totals.impressions,
        position: totals.position,
      })),
    })),
    rising_queries: rising.slice(0, 20),
  };
}
