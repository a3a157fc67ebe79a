import type { AnalyticsRange, BlogAnalytics, PostAnalytics } from '../../../src/lib/blog-analytics/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { authorize } from '../authorize.ts';
import * as q from './queries.ts';

/** Rows of each breakdown (referrers, countries, top posts). */
const TOP = 10;
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The range's first and last day (UTC), today last, and every day between. */
function rangeOf(days: AnalyticsRange, now = Date.now()): { from: string; to: string; all: string[] } {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const all = Array.from({ length: days }, (_, index) => isoDay(today - (days - 1 - index) * DAY_MS));
  return { from: all[0] ?? isoDay(today), to: isoDay(today), all };
}

/** What the blog and post reads share: the day series with zeros filled in, totals, referrers and countries. */
async function common(ctx: ServiceContext, scope: q.Scope, days: AnalyticsRange, all: string[]) {
  const [views, visitors, referrers, countries] = await Promise.all([
    q.viewsPerDay(ctx.sql, scope),
    q.visitorsPerDay(ctx.sql, scope),
    q.topReferrers(ctx.sql, scope, TOP),
    q.topCountries(ctx.sql, scope, TOP),
  ]);
  const viewsOn = new Map(views.map((row) => [row.date, row.views]));
  const visitorsOn = new Map(visitors.map((row) => [row.date, row.visitors]));
  const series = all.map((date) => ({ date, views: viewsOn.get(date) ?? 0, visitors: visitorsOn.get(date) ?? 0 }));
  return {
    range_days: days,
    from: scope.from,
    to: scope.to,
    totals: {
      views: series.reduce((sum, point) => sum + point.views, 0),
      visitors: series.reduce((sum, point) => sum + point.visitors, 0),
    },
    days: series,
    referrers,
    countries,
  };
}

/** The hosted blog's page views over the last `days` days (any member of the project). */
export async function getBlogAnalytics({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string; days: AnalyticsRange };
}): Promise<BlogAnalytics> {
  await authorize(ctx, input.projectId, 'read');
  const { from, to, all } = rangeOf(input.days);
  const scope = { projectId: input.projectId, from, to };
  const [shared, posts, listViews] = await Promise.all([
    common(ctx, scope, input.days, all),
    q.topPosts(ctx.sql, scope, TOP),
    q.listPageViews(ctx.sql, scope),
  ]);
  return { project_id: input.projectId, ...shared, top_posts: posts, list_page_views: listViews };
}

/** One post's page views over the last `days` days (any member of its project; another project's post is 404). */
export async function getPostAnalytics({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: string; days: AnalyticsRange };
}): Promise<PostAnalytics> {
  const post = await q.selectPostOwner(ctx.sql, input.id);
  if (!post) throw new NotFoundError('Post not found.');
  await authorize(ctx, post.project_id, 'read', 'Post not found.');
  const { from, to, all } = rangeOf(input.days);
  const scope = { projectId: post.project_id, postId: input.id, from, to };
  return { post_id: input.id, project_id: post.project_id, ...(await common(ctx, scope, input.days, all)) };
}
