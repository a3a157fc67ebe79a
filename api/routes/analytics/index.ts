import { blogAnalytics, postAnalytics } from '../../../src/lib/blog-analytics/schema.ts';
import { defineRoute } from '../../lib/route.ts';
import { getBlogAnalytics, getPostAnalytics } from '../../services/analytics/verbs.ts';
import { noPost, noProject, postIdParam, projectIdParam, rangeQuery, tag } from './schema.ts';

/** GET /api/analytics/project/{projectId}: the hosted blog's page views over a range (issue 25). */
export const blogAnalyticsRoute = defineRoute({
  method: 'get',
  path: '/api/analytics/project/{projectId}',
  tag,
  summary:
    "The project's hosted blog as readers used it (members): page views and readers per day, the most read posts, referrers and countries, counted on the server without cookies.",
  params: projectIdParam,
  query: rangeQuery,
  responses: { 200: { description: 'The range, oldest day first.', schema: blogAnalytics }, ...noProject },
  handler: async (c, { params, query }) =>
    c.json(await getBlogAnalytics({ ctx: c.get('ctx'), input: { projectId: params.projectId, days: query.days } })),
});

/** GET /api/analytics/post/{id}: one post's page views over a range (issue 25). */
export const postAnalyticsRoute = defineRoute({
  method: 'get',
  path: '/api/analytics/post/{id}',
  tag,
  summary: "One post's page views and readers per day, its referrers and countries (members of its project).",
  params: postIdParam,
  query: rangeQuery,
  responses: { 200: { description: 'The range, oldest day first.', schema: postAnalytics }, ...noPost },
  handler: async (c, { params, query }) =>
    c.json(await getPostAnalytics({ ctx: c.get('ctx'), input: { id: params.id, days: query.days } })),
});

/** /api/analytics: the hosted blogs' page views (issue 25). */
export const analyticsRoutes = [blogAnalyticsRoute, postAnalyticsRoute];
