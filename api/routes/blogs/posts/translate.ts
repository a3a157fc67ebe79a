import { z } from 'zod';
import { languageField } from '../../../../src/lib/languages/schema.ts';
import { postVersions, translationTask } from '../../../../src/lib/translations/schema.ts';
import { errorBody, throttled, validationErrorBody } from '../../../lib/openapi.ts';
import { defineRoute } from '../../../lib/route.ts';
import { getTranslationTask, listPostVersions, startTranslation } from '../../../services/translations/verbs.ts';
import { noPost, postIdParam, postsTag, postViewers } from '../schema.ts';

const translateBody = z
  .object({
    language: languageField.describe('The language to translate the post into: an ISO 639-1 code like pt or pt-BR.'),
  })
  .strict();

/** POST /api/blogs/posts/post/{id}/translate: queues a translation of the post into another language (issue 24). */
export const translatePostRoute = defineRoute({
  method: 'post',
  path: '/api/blogs/posts/post/{id}/translate',
  tag: postsTag,
  summary:
    'Queues a translation of the post into `language` by the AI model (owners, editors): a new draft linked to the post as a translation. Poll GET /api/blogs/posts/translations/{taskId}. The same translation already under way answers with its own task.',
  params: postIdParam,
  body: translateBody,
  responses: {
    202: { description: 'Queued (or already under way).', schema: translationTask },
    ...postViewers,
    ...noPost,
    409: { description: 'The post already has a version in that language.', schema: errorBody },
    422: {
      description:
        'The post is already in that language, the language is not one of the list, or no AI model is configured (there is no offline translation); nothing was queued.',
      schema: validationErrorBody,
    },
    ...throttled('post translations'),
    503: { description: 'Background jobs are not running; try again later.', schema: errorBody },
  },
  handler: async (c, { params, body }) =>
    c.json(await startTranslation({ ctx: c.get('ctx'), input: { postId: params.id, language: body.language } }), 202),
});

/** GET /api/blogs/posts/post/{id}/translations: every version of the post (its translation group). */
export const postVersionsRoute = defineRoute({
  method: 'get',
  path: '/api/blogs/posts/post/{id}/translations',
  tag: postsTag,
  summary: 'Every version of the post in another language, and the post itself, the original first (members).',
  params: postIdParam,
  responses: { 200: { description: 'The versions.', schema: postVersions }, ...noPost },
  handler: async (c, { params }) => c.json(await listPostVersions({ ctx: c.get('ctx'), input: { postId: params.id } })),
});

/** GET /api/blogs/posts/translations/{taskId}: where a translation is. */
export const translationStatusRoute = defineRoute({
  method: 'get',
  path: '/api/blogs/posts/translations/{taskId}',
  tag: postsTag,
  summary: 'Where a translation task is, with the message to show and, once complete, the translated post (members).',
  params: z.object({ taskId: z.string() }),
  responses: {
    200: { description: 'The task: pending, in_progress, complete or error.', schema: translationTask },
    404: { description: 'No such task in a project of the caller ("Task not found.").', schema: errorBody },
  },
  handler: async (c, { params }) =>
    c.json(await getTranslationTask({ ctx: c.get('ctx'), input: { taskId: params.taskId } })),
});
