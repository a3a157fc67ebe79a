import { post } from '../../../../src/lib/posts/schema.ts';
import { validationErrorBody } from '../../../lib/openapi.ts';
import { defineRoute } from '../../../lib/route.ts';
import { publishPost, schedulePost, unpublishPost } from '../../../services/posts/verbs.ts';
import { noPost, postIdParam, postsTag, postViewers, scheduleBody, stalePost, statusBody } from '../schema.ts';

/** POST /api/blogs/posts/post/{id}/publish: puts the post on the blog. */
export const publishPostRoute = defineRoute({
  method: 'post',
  path: '/api/blogs/posts/post/{id}/publish',
  tag: postsTag,
  summary:
    'Publishes the post (owners, editors); publishing a published post changes nothing. The body may be left out.',
  params: postIdParam,
  body: statusBody,
  bodyKind: 'optional-json',
  responses: {
    200: { description: 'The post.', schema: post },
    ...postViewers,
    ...noPost,
    ...stalePost,
    422: {
      description: 'The post has no title yet, or the body was refused; nothing changed.',
      schema: validationErrorBody,
    },
  },
  handler: async (c, { params, body }) =>
    c.json(await publishPost({ ctx: c.get('ctx'), input: { id: params.id, version: body.version } })),
});

/** POST /api/blogs/posts/post/{id}/unpublish: takes the post off the blog, back to a draft. */
export const unpublishPostRoute = defineRoute({
  method: 'post',
  path: '/api/blogs/posts/post/{id}/unpublish',
  tag: postsTag,
  summary:
    'Takes the post off the blog, back to a draft (owners, editors); unpublishing a draft changes nothing. The body may be left out.',
  params: postIdParam,
  body: statusBody,
  bodyKind: 'optional-json',
  responses: { 200: { description: 'The post.', schema: post }, ...postViewers, ...noPost, ...stalePost },
  handler: async (c, { params, body }) =>
    c.json(await unpublishPost({ ctx: c.get('ctx'), input: { id: params.id, version: body.version } })),
});

/** POST /api/blogs/posts/post/{id}/schedule: the post goes live at a time (issue 23). */
export const schedulePostRoute = defineRoute({
  method: 'post',
  path: '/api/blogs/posts/post/{id}/schedule',
  tag: postsTag,
  summary:
    "Schedules a draft (or reschedules a scheduled post) to go live at `at`, or at `date` and `time` in the project's time zone (owners, editors); the post is published then. Unpublish takes it out of the schedule.",
  params: postIdParam,
  body: scheduleBody,
  responses: {
    200: {
      description: 'The scheduled post: status scheduled, published_at the time it goes live.',
      schema: post,
    },
    ...postViewers,
    ...noPost,
    ...stalePost,
    422: {
      description:
        "The time is not in the future or does not exist in the project's time zone (skipped when the clocks go forward), the post has no title or is already live, or the body was refused; nothing changed.",
      schema: validationErrorBody,
    },
  },
  handler: async (c, { params, body }) =>
    c.json(
      await schedulePost({
        ctx: c.get('ctx'),
        input: {
          id: params.id,
          when: body.at ? { at: body.at } : { date: body.date ?? '', time: body.time ?? '' },
          version: body.version,
        },
      }),
    ),
});
