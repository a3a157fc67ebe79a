import { messageBody } from '../../../lib/openapi.ts';
import { defineRoute } from '../../../lib/route.ts';
import { deletePost } from '../../../services/posts/verbs.ts';
import { noPost, postIdParam, postsTag, postViewers } from '../schema.ts';

/** DELETE /api/blogs/posts/post/{id}: deletes a post (owners, editors). */
export const deletePostRoute = defineRoute({
  method: 'delete',
  path: '/api/blogs/posts/post/{id}',
  tag: postsTag,
  summary: 'Deletes a post (owners, editors).',
  params: postIdParam,
  responses: { 200: { description: '"Post deleted."', schema: messageBody }, ...postViewers, ...noPost },
  handler: async (c, { params }) => c.json(await deletePost({ ctx: c.get('ctx'), input: { id: params.id } })),
});
