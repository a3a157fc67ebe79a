import { postSearchReport, postSearchSummaries, searchInsights } from '../../../src/lib/search-console/schema.ts';
import { errorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import {
  postSearchReport as readPostReport,
  postSearchSummaries as readSummaries,
  searchInsights as readInsights,
} from '../../services/search-console/reports.ts';
import { notMember, postParam, projectParam, tag } from './schema.ts';

/** GET /api/projects/{id}/search-console/posts: each post's index status and 28-day metrics (any member). */
export const searchConsolePostsRoute = defineRoute({
  method: 'get',
  path: '/api/projects/{id}/search-console/posts',
  tag,
  summary:
    "Each post's index status (URL Inspection, with the last crawl) and its clicks, impressions, CTR and average position over the last 28 days of data (any member): the badges of calendar cards and the post list.",
  params: projectParam,
  responses: { 200: { description: 'One item per post Google knows of.', schema: postSearchSummaries }, ...notMember },
  handler: async (c, { params }) => c.json(await readSummaries({ ctx: c.get('ctx'), input: { projectId: params.id } })),
});

/** GET /api/projects/{id}/search-console/posts/{postId}: one post's report (any member). */
export const searchConsolePostRoute = defineRoute({
  method: 'get',
  path: '/api/projects/{id}/search-console/posts/{postId}',
  tag,
  summary:
    "One post's Search Console report (any member): index status, clicks and impressions by day (90 days), top queries (28 days), the project's other posts competing for its queries, and a refresh suggestion when its clicks fell four weeks in a row.",
  params: postParam,
  responses: {
    200: { description: 'The report.', schema: postSearchReport },
    404: { description: 'No such project of the caller, or no such post in it.', schema: errorBody },
  },
  handler: async (c, { params }) =>
    c.json(await readPostReport({ ctx: c.get('ctx'), input: { projectId: params.id, postId: params.postId } })),
});

/** GET /api/projects/{id}/search-console/insights: the learning loop (any member). */
export const searchConsoleInsightsRoute = defineRoute({
  method: 'get',
  path: '/api/projects/{id}/search-console/insights',
  tag,
  summary:
    "The project's learning loop (any member): posts to refresh (clicks fell four weeks in a row), queries two of its posts both get impressions for, and rising queries no post is about (the planner's next topics).",
  params: projectParam,
  responses: { 200: { description: 'The insights.', schema: searchInsights }, ...notMember },
  handler: async (c, { params }) => c.json(await readInsights({ ctx: c.get('ctx'), input: { projectId: params.id } })),
});
