import { postPage } from '../../../../src/lib/posts/schema.ts';
import { defineRoute } from '../../../lib/route.ts';
import { listPosts } from '../../../services/posts/verbs.ts';
import { listPostsQuery, noPostsProject, postsTag, projectIdParam } from '../schema.ts';

/** GET /api/blogs/posts/project/{projectId}: one page of the project's posts. */
export const listPostsRoute = defineRoute({
  method: 'get',
  path: '/api/blogs/posts/project/{projectId}',
  tag: postsTag,
  summary: "A page of the project's posts, filtered by status and search and sorted, without their bodies.",
  params: projectIdParam,
  query: listPostsQuery,
  responses: { 200: { description: 'One page and the total.', schema: postPage }, ...noPostsProject },
  handler: async (c, { params, query }) => {
    const { status, q, sort, page, page_size: pageSize } = query;
    const input = { projectId: params.projectId, status, q, sort, page, pageSize };
    return c.json(await listPosts({ ctx: c.get('ctx'), input }));
  },
});
