import { z } from 'zod';
import { defineRoute } from '../../../lib/route.ts';
import { previewPost } from '../../../services/posts/verbs.ts';
import { noPostsProject, postsTag, previewPostBody, projectIdParam } from '../schema.ts';

/** POST /api/blogs/posts/project/{projectId}/preview: the server's HTML of some markdown; stores nothing. */
export const previewPostRoute = defineRoute({
  method: 'post',
  path: '/api/blogs/posts/project/{projectId}/preview',
  tag: postsTag,
  summary: "The server's sanitized HTML of some markdown, as the blog would show it; stores nothing.",
  params: projectIdParam,
  body: previewPostBody,
  responses: {
    200: { description: 'The rendered HTML.', schema: z.object({ html: z.string() }) },
    ...noPostsProject,
  },
  handler: async (c, { params, body }) =>
    c.json(await previewPost({ ctx: c.get('ctx'), input: { projectId: params.projectId, markdown: body.markdown } })),
});
