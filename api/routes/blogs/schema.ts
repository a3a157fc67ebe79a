import { z } from 'zod';
import { errorBody } from '../../lib/openapi.ts';
import { DESCRIPTION_MAX, TITLE_MAX, textLength } from '../../../src/lib/seo/limits.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, POST_SORTS, POST_STATUS_FILTERS } from '../../../src/lib/posts/types.ts';
import { SLUG_MAX, SLUG_PATTERN, SLUG_REQUIRED, SLUG_RULE, SLUG_TOO_LONG } from '../../../src/lib/posts/slug.ts';
import { MARKDOWN_MAX_LENGTH } from '../../../src/lib/posts/markdown-limits.ts';
import { postSources } from '../../../src/lib/posts/sources.ts';
import { isWebAddress } from '../../../src/lib/posts/web-address.ts';
import { keywordList } from '../../services/prompts/keywords.ts';
import { isRealDay } from '../../services/calendar/dates.ts';
import { languageField } from '../../../src/lib/languages/schema.ts';

export const postIdParam = z.object({ id: z.uuid({ error: 'Post not found.' }) });
export const projectIdParam = z.object({ projectId: z.uuid({ error: 'Project not found.' }) });

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
    lang: languageField
      .optional()
      .describe('The language the post is written in: an ISO 639-1 code like pt, optionally with a region (pt-BR).'),
  })
  .strict();

/** POST …/publish and …/unpublish: an optional version (the editor sends it so a stale tab never flips a newer post). */
export const statusBody = z.object({ version: version.optional() }).strict();

const AT_FORMAT =
  "Give the time the post goes live as an ISO 8601 date and time with its offset, like 2030-05-01T09:00:00+02:00, or as a date and a time in the project's time zone.";

/**
 * POST …/schedule: when the post goes live, optionally from a version: `at`, an ISO 8601 date and time with its
 * offset, or `date` and `time` on the project's wall clock (its time zone, the autopilot's), as the editor sends them.
 */
export const scheduleBody = z
  .object({
    at: z.iso
      .datetime({ offset: true, error: AT_FORMAT })
      .transform((value) => new Date(value))
      .optional()
      .describe('The instant the post goes live, with its offset.'),
    date: z
      .string({ error: 'The date must be text like 2030-05-01.' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'The date must look like 2030-05-01.' })
      .refine(isRealDay, { error: 'That date does not exist.' })
      .optional()
      .describe("The day the post goes live, in the project's time zone (with `time`)."),
    time: z
      .string({ error: 'The time must be text like 09:00.' })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'The time must look like 09:00 (24-hour clock).' })
      .optional()
      .describe("The time of day the post goes live, in the project's time zone (with `date`)."),
    version: version.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const local = body.date !== undefined || body.time !== undefined;
    if (body.at && local)
      ctx.addIssue({ code: 'custom', path: ['at'], message: 'Give either `at` or a `date` and `time`, not both.' });
    else if (!body.at && !local) ctx.addIssue({ code: 'custom', path: ['at'], message: AT_FORMAT });
    else if (local && body.date === undefined)
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'Give the date the post goes live with its time.' });
    else if (local && body.time === undefined)
      ctx.addIssue({ code: 'custom', path: ['time'], message: 'Give the time the post goes live with its date.' });
  });

export const postsTag = 'Posts';
export const noPost = { 404: { description: 'No such post in a project of the caller.', schema: errorBody } };
export const noPostsProject = { 404: { description: 'No such project of the caller.', schema: errorBody } };
export const postViewers = { 403: { description: 'Viewers cannot change this project.', schema: errorBody } };
export const stalePost = {
  409: { description: 'Someone else saved this post since the given version; nothing changed.', schema: errorBody },
};

// The 30-day plan (api/routes/blogs/plan.ts, mounted at /api/blogs/posts/plan beside the posts routes). The ids are
// read as given: one that is not a uuid answers 404 like a missing one.
export const planStartParams = z.object({
  projectId: z.string(),
  promptId: z.string().describe('The style guide (prompt) of the project to plan from.'),
});
export const planStartResponse = z.object({ task_id: z.uuid() });
export const planTaskParams = z.object({ taskId: z.string() });
export const planTag = 'Content plan';
