import { post } from '../../../../src/lib/posts/schema.ts';
import { defineRoute } from '../../../lib/route.ts';
import { createPost } from '../../../services/posts/verbs.ts';
import { createPostBody, noPostsProject, postsTag, postViewers, projectIdParam } from '../schema.ts';

/** POST /api/blogs/posts/project/{projectId}: a new draft written by hand (owners, editors). */
export const createPostRoute = defineRoute({
  method: 'post',
  path: '/api/blogs/posts/project/{projectId}',
  tag: postsTag,
  summary: 'Writes a new draft by hand (owners, editors); its slug comes from the title.',
  params: projectIdParam,
  body: createPostBody,
  responses: {
    201: { description: 'The new draft (version 1).', schema: post },
    ...postViewers,
    ...noPostsProject,
  },
  handler: async (c, { params, body }) =>
    c.json(
      await createPost({
        ctx: c.get('ctx'),
        input: { projectId: params.projectId, title: body.title, markdown: body.markdown },
      }),
      201,
    ),
});
