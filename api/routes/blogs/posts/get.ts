import { post } from '../../../../src/lib/posts/schema.ts';
import { defineRoute } from '../../../lib/route.ts';
import { getPost } from '../../../services/posts/verbs.ts';
import { noPost, postIdParam, postsTag } from '../schema.ts';

/** GET /api/blogs/posts/post/{id}: one full post. */
export const getPostRoute = defineRoute({
  method: 'get',
  path: '/api/blogs/posts/post/{id}',
  tag: postsTag,
  summary: 'One full post with its markdown and rendered HTML.',
  params: postIdParam,
  responses: { 200: { description: 'The post.', schema: post }, ...noPost },
  handler: async (c, { params }) => c.json(await getPost({ ctx: c.get('ctx'), input: { id: params.id } })),
});
