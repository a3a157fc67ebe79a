import { post } from '../../../../src/lib/posts/schema.ts';
import { validationErrorBody } from '../../../lib/openapi.ts';
import { defineRoute } from '../../../lib/route.ts';
import { updatePost } from '../../../services/posts/verbs.ts';
import { noPost, postIdParam, postsTag, postViewers, stalePost, updatePostBody } from '../schema.ts';

/** PATCH /api/blogs/posts/post/{id}: saves the edited fields over the version the edit started from. */
export const updatePostRoute = defineRoute({
  method: 'patch',
  path: '/api/blogs/posts/post/{id}',
  tag: postsTag,
  summary:
    'Saves the edited fields over the version the edit started from (owners, editors); the HTML is rendered again from the markdown.',
  params: postIdParam,
  body: updatePostBody,
  responses: {
    200: { description: 'The saved post (version + 1).', schema: post },
    ...postViewers,
    ...noPost,
    ...stalePost,
    422: {
      description: 'A field was refused (or the slug is used by another post of the project); nothing changed.',
      schema: validationErrorBody,
    },
  },
  handler: async (c, { params, body }) => {
    const { version, ...fields } = body;
    return c.json(await updatePost({ ctx: c.get('ctx'), input: { id: params.id, version, fields } }));
  },
});
