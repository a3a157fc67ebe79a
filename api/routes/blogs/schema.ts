import { z } from 'zod';
import { errorBody, operation, validationErrorBody } from '../../lib/openapi.ts';
import { DESCRIPTION_MAX, TITLE_MAX, textLength } from '../../../src/lib/seo/limits.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, POST_SORTS, POST_STATUS_FILTERS } from '../../../src/lib/posts/types.ts';
import { SLUG_MAX, SLUG_PATTERN, SLUG_REQUIRED, SLUG_RULE, SLUG_TOO_LONG } from '../../../src/lib/posts/slug.ts';
import { MARKDOWN_MAX_LENGTH } from '../../../src/lib/posts/markdown-limits.ts';
import { postSources } from '../../../src/lib/posts/sources.ts';
import { isWebAddress } from '../../../src/lib/posts/web-address.ts';
import { keywordList } from '../../services/prompts/keywords.ts';

export const postIdParam = z.object({ id: z.uuid() });
export const projectIdParam = z.object({ projectId: z.uuid() });

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .refine((value) => textLength(value) <= max, { error: `${label} must be at most ${max} characters.` });
/** A cover the app generated and serves itself (GET /api/media/{id}). */
const MEDIA_PATH = /^\/api\/media\/[0-9a-f-]{36}$/;

/** GET /blogs/posts/project/{projectId} query. */
export const listPostsQuery = z.object({
  status: z.enum(POST_STATUS_FILTERS, { error: 'Status must be all, published or unpublished.' }).default('all'),
  q: z.string().max(200, { error: 'Search must be at most 200 characters.' }).default(''),
  sort: z.enum(POST_SORTS, { error: 'Sort must be newest, oldest, title or updated.' }).default('newest'),
  page: z.coerce
    .number({ error: 'Page must be a whole number from 1.' })
    .int({ error: 'Page must be a whole number from 1.' })
    .min(1, { error: 'Page must be a whole number from 1.' })
    .default(1),
  page_size: z.coerce
    .number({ error: `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}.` })
    .int({ error: `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}.` })
    .min(1, { error: `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}.` })
    .max(MAX_PAGE_SIZE, { error: `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}.` })
    .default(DEFAULT_PAGE_SIZE),
});

/** POST /blogs/posts/project/{projectId}: a new draft. */
export const createPostBody = z
  .object({
    title: text('Title', 200).default(''),
    markdown: text('Markdown', MARKDOWN_MAX_LENGTH).default(''),
  })
  .strict();

/** POST /blogs/posts/project/{projectId}/preview: markdown to render. */
export const previewPostBody = z.object({ markdown: text('Markdown', MARKDOWN_MAX_LENGTH) }).strict();

const version = z
  .number({ error: 'Version is required: send the version of the post your edit started from.' })
  .int()
  .min(1);

/** PATCH /blogs/posts/post/{id}: the edited fields and the version the edit started from. */
export const updatePostBody = z
  .object({
    version,
    title: text('Title', 200).optional(),
    slug: z
      .string({ error: 'Slug must be text.' })
      .min(1, { error: SLUG_REQUIRED })
      .max(SLUG_MAX, { error: SLUG_TOO_LONG })
      .regex(SLUG_PATTERN, { error: SLUG_RULE })
      .optional(),
    markdown: text('Markdown', MARKDOWN_MAX_LENGTH).optional(),
    excerpt: text('Excerpt', 500).optional(),
    meta_title: text('Meta title', TITLE_MAX).optional(),
    meta_description: text('Meta description', DESCRIPTION_MAX).optional(),
    cover_image_url: z
      .string({ error: 'Cover image URL must be text.' })
      .trim()
      .max(2000, { error: 'Cover image URL must be at most 2000 characters.' })
      .nullable()
      .refine((value) => !value || MEDIA_PATH.test(value) || isWebAddress(value), {
        error: 'Cover image URL must be a web address starting with http:// or https://.',
      })
      .transform((value) => value || null)
      .optional(),
    cover_image_alt: text('Cover image text', 300).optional(),
    target_keyword: text('Target keyword', 200).optional(),
    keywords: keywordList.optional(),
    tags: z
      .array(text('Tag', 60), { error: 'Tags must be a list of text.' })
      .max(20, { error: 'A post can have at most 20 tags.' })
      .optional(),
    sources: postSources.optional(),
    lang: z
      .string()
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, { error: 'Language must be a language code such as en or en-GB.' })
      .optional(),
  })
  .strict();

/** POST …/publish and …/unpublish: an optional version (the editor sends it so a stale tab never flips a newer post). */
export const statusBody = z.object({ version: version.optional() }).strict();

/** POST …/schedule: when the post goes live (an ISO 8601 date and time with its offset), optionally from a version. */
export const scheduleBody = z
  .object({
    at: z.iso
      .datetime({
        offset: true,
        error:
          'Give the time the post goes live as an ISO 8601 date and time with its offset, like 2030-05-01T09:00:00+02:00.',
      })
      .transform((value) => new Date(value)),
    version: version.optional(),
  })
  .strict();

const postSource = z.object({ title: z.string(), url: z.string() });

/** A post in the list. */
export const postSummary = z.object({
  id: z.uuid(),
  project_id: z.uuid(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  cover_image_url: z.string().nullable(),
  cover_image_alt: z.string(),
  target_keyword: z.string(),
  keywords: z.array(z.string()),
  tags: z.array(z.string()),
  sources: z.array(postSource),
  lang: z.string(),
  status: z.enum(['draft', 'scheduled', 'published']),
  version: z.number().int(),
  draft_label: z.string().nullable(),
  workflow_run_id: z.uuid().nullable(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  author: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});

/** A full post. */
export const postResponse = postSummary.extend({ markdown: z.string(), html: z.string() });

/** One page of posts. */
export const postPageResponse = z.object({
  items: z.array(postSummary),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

export const previewResponse = z.object({ html: z.string() });
export const messageResponse = z.object({ message: z.string() });

const postsTag = 'Posts';
const noPost = { 404: { description: 'No such post in a project of the caller.', schema: errorBody } };
const noPostsProject = { 404: { description: 'No such project of the caller.', schema: errorBody } };
const postViewers = { 403: { description: 'Viewers cannot change this project.', schema: errorBody } };
const stalePost = {
  409: { description: 'Someone else saved this post since the given version; nothing changed.', schema: errorBody },
};

export const operations = [
  operation({
    method: 'get',
    path: '/api/blogs/posts/project/{projectId}',
    tag: postsTag,
    summary: "A page of the project's posts, filtered by status and search and sorted, without their bodies.",
    params: projectIdParam,
    query: listPostsQuery,
    responses: { 200: { description: 'One page and the total.', schema: postPageResponse }, ...noPostsProject },
  }),
  operation({
    method: 'post',
    path: '/api/blogs/posts/project/{projectId}',
    tag: postsTag,
    summary: 'Writes a new draft by hand (owners, editors); its slug comes from the title.',
    params: projectIdParam,
    body: createPostBody,
    responses: {
      201: { description: 'The new draft (version 1).', schema: postResponse },
      ...postViewers,
      ...noPostsProject,
    },
  }),
  operation({
    method: 'post',
    path: '/api/blogs/posts/project/{projectId}/preview',
    tag: postsTag,
    summary: "The server's sanitized HTML of some markdown, as the blog would show it; stores nothing.",
    params: projectIdParam,
    body: previewPostBody,
    responses: { 200: { description: 'The rendered HTML.', schema: previewResponse }, ...noPostsProject },
  }),
  operation({
    method: 'get',
    path: '/api/blogs/posts/post/{id}',
    tag: postsTag,
    summary: 'One full post with its markdown and rendered HTML.',
    params: postIdParam,
    responses: { 200: { description: 'The post.', schema: postResponse }, ...noPost },
  }),
  operation({
    method: 'patch',
    path: '/api/blogs/posts/post/{id}',
    tag: postsTag,
    summary:
      'Saves the edited fields over the version the edit started from (owners, editors); the HTML is rendered again from the markdown.',
    params: postIdParam,
    body: updatePostBody,
    responses: {
      200: { description: 'The saved post (version + 1).', schema: postResponse },
      ...postViewers,
      ...noPost,
      ...stalePost,
      422: {
        description: 'A field was refused (or the slug is used by another post of the project); nothing changed.',
        schema: validationErrorBody,
      },
    },
  }),
  operation({
    method: 'post',
    path: '/api/blogs/posts/post/{id}/publish',
    tag: postsTag,
    summary:
      'Publishes the post (owners, editors); publishing a published post changes nothing. The body may be left out.',
    params: postIdParam,
    body: statusBody,
    optionalBody: true,
    responses: {
      200: { description: 'The post.', schema: postResponse },
      ...postViewers,
      ...noPost,
      ...stalePost,
      422: {
        description: 'The post has no title yet, or the body was refused; nothing changed.',
        schema: validationErrorBody,
      },
    },
  }),
  operation({
    method: 'post',
    path: '/api/blogs/posts/post/{id}/unpublish',
    tag: postsTag,
    summary:
      'Takes the post off the blog, back to a draft (owners, editors); unpublishing a draft changes nothing. The body may be left out.',
    params: postIdParam,
    body: statusBody,
    optionalBody: true,
    responses: { 200: { description: 'The post.', schema: postResponse }, ...postViewers, ...noPost, ...stalePost },
  }),
  operation({
    method: 'post',
    path: '/api/blogs/posts/post/{id}/schedule',
    tag: postsTag,
    summary:
      'Schedules a draft (or reschedules a scheduled post) to go live at `at` (owners, editors); the post is published then. Unpublish takes it out of the schedule.',
    params: postIdParam,
    body: scheduleBody,
    responses: {
      200: {
        description: 'The scheduled post: status scheduled, published_at the time it goes live.',
        schema: postResponse,
      },
      ...postViewers,
      ...noPost,
      ...stalePost,
      422: {
        description:
          'The time is not in the future, the post has no title or is already live, or the body was refused; nothing changed.',
        schema: validationErrorBody,
      },
    },
  }),
  operation({
    method: 'delete',
    path: '/api/blogs/posts/post/{id}',
    tag: postsTag,
    summary: 'Deletes a post (owners, editors).',
    params: postIdParam,
    responses: { 200: { description: '"Post deleted."', schema: messageResponse }, ...postViewers, ...noPost },
  }),
];

// The 30-day plan (api/routes/blogs/plan.ts, mounted at /api/blogs/posts/plan beside the posts routes). The ids are
// read as given: one that is not a uuid answers 404 like a missing one.
export const planStartParams = z.object({
  projectId: z.string(),
  promptId: z.string().describe('The style guide (prompt) of the project to plan from.'),
});
export const planStartResponse = z.object({ task_id: z.uuid() });
export const planTaskParams = z.object({ taskId: z.string() });
export const planStatusResponse = z.object({
  task_id: z.uuid(),
  status: z.enum(['pending', 'in_progress', 'complete', 'error']),
  message: z.string().describe('What to tell the user, e.g. "Your 30-day plan is ready!".'),
});

const planTag = 'Content plan';

export const planOperations = [
  operation({
    method: 'post',
    path: '/api/blogs/posts/plan/{projectId}/{promptId}',
    tag: planTag,
    summary:
      "Queues planning the next 30 days (from tomorrow in the project's time zone) from the project's style guide (owners, editors). No body. A plan already under way for the project is answered with its own task id.",
    params: planStartParams,
    responses: {
      202: {
        description: 'Queued (or already under way); poll GET /api/blogs/posts/plan/status/{taskId}.',
        schema: planStartResponse,
      },
      403: { description: 'Viewers cannot change this project.', schema: errorBody },
      404: {
        description:
          'No such project of the caller ("Project not found."), or no such style guide in it ("No style guide found for this project.").',
        schema: errorBody,
      },
      503: { description: 'Background jobs are not running; try again later.', schema: errorBody },
    },
  }),
  operation({
    method: 'get',
    path: '/api/blogs/posts/plan/status/{taskId}',
    tag: planTag,
    summary: 'Where a plan task is, with the message to show (members of its project).',
    params: planTaskParams,
    responses: {
      200: { description: 'The task: pending, in_progress, complete or error.', schema: planStatusResponse },
      404: { description: 'No such task in a project of the caller ("Task not found.").', schema: errorBody },
    },
  }),
];
