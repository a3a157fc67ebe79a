import { z } from 'zod';
import { errorBody, operation, validationErrorBody, throttled } from '../../lib/openapi.ts';
import { INVALID_BASE_PATH } from '../../services/domains/verbs.ts';
import { INVALID_LOGO } from '../../services/projects/blog-brand.ts';
import { INVALID_ACCENT, MIN_ACCENT_CONTRAST } from '../../../src/lib/projects/blog-brand.ts';

export const createProjectBody = z.object({
  name: z
    .string({ error: 'Project name is required.' })
    .trim()
    .min(1, { error: 'Project name is required.' })
    .max(200, { error: 'Project name must be at most 200 characters.' }),
  description: z.string().trim().max(2000, { error: 'Description must be at most 2000 characters.' }).default(''),
});

export const projectIdParam = z.object({ id: z.uuid({ error: 'Project not found.' }) });

export const updateProjectBody = z
  .object({
    default_prompt_id: z.uuid({ error: 'Style guide not found.' }).optional(),
    blog_logo_url: z
      .string({ error: INVALID_LOGO })
      .max(2048, { error: INVALID_LOGO })
      .nullable()
      .optional()
      .describe(
        "The blog's logo: an https address, or an image of this project (its media id or /api/media/{id}); null or '' removes it.",
      ),
    blog_accent_color: z
      .string({ error: INVALID_ACCENT })
      .max(20, { error: INVALID_ACCENT })
      .optional()
      .describe(
        `The blog's link and button colour as #rrggbb, with a contrast of at least ${MIN_ACCENT_CONTRAST}:1 against white.`,
      ),
    blog_base_path: z
      .string({ error: INVALID_BASE_PATH })
      .max(100, { error: INVALID_BASE_PATH })
      .optional()
      .describe(
        "Subpath mode: the path of the custom domain the blog is served under, like '/blog' (needs a custom domain); '' serves it at the root.",
      ),
  })
  .strict();

export const brandFetchBody = z.object({
  brand_url: z
    .string({ error: 'Please enter a valid URL.' })
    .trim()
    .min(1, { error: 'Please enter a valid URL.' })
    .max(2048, { error: 'Please enter a valid URL.' }),
});

export const project = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  role: z.enum(['owner', 'editor', 'viewer']).describe("The caller's role in the project."),
  brand_content: z.string().nullable(),
  brand_url: z.string().nullable(),
  brand_info_status: z.string().nullable(),
  default_prompt_id: z.uuid().nullable(),
  custom_blog_domain: z.string().nullable(),
  domain: z.string().nullable(),
  blog_logo_url: z.string().nullable().describe("The hosted blog's logo: an https address or /api/media/{id}."),
  blog_accent_color: z.string().describe("The hosted blog's link colour, #rrggbb."),
  blog_base_path: z.string().describe("'' or the path of the custom domain the blog is served under (subpath mode)."),
  brand_logo_url: z
    .string()
    .nullable()
    .describe("The website's logo the brand task found (a suggestion for the blog's logo)."),
  brand_color: z
    .string()
    .nullable()
    .describe("The website's theme colour the brand task found, #rrggbb (a suggestion for the blog's colour)."),
  created_at: z.iso.datetime(),
});

export const brandTaskIdParam = z.object({ taskId: z.string() });

export const brandTaskStarted = z.object({ message: z.string(), task_id: z.string() });

export const brandTaskStatus = z.object({
  task_id: z.string(),
  status: z.enum(['pending', 'in_progress', 'complete', 'error']),
  message: z.string(),
  progress: z.number(),
  stage: z.enum(['queued', 'fetching', 'reading', 'writing', 'done', 'failed']),
  result: z.object({ default_prompt_id: z.string() }).nullable(),
});

const notFound = { 404: { description: 'No such project of the caller.', schema: errorBody } };
const viewers = { 403: { description: 'Viewers cannot change the project.', schema: errorBody } };

export const operations = [
  operation({
    method: 'get',
    path: '/api/projects',
    tag: 'Projects',
    summary: "The caller's projects with their role (also at /api/projects/).",
    responses: { 200: { description: 'Oldest first.', schema: z.array(project) } },
  }),
  operation({
    method: 'post',
    path: '/api/projects',
    tag: 'Projects',
    summary: 'Creates a project owned by the caller.',
    body: createProjectBody,
    responses: { 201: { description: 'The new project.', schema: project } },
  }),
  operation({
    method: 'get',
    path: '/api/projects/{id}',
    tag: 'Projects',
    summary: 'One project with the caller’s role.',
    params: projectIdParam,
    responses: { 200: { description: 'The project.', schema: project }, ...notFound },
  }),
  operation({
    method: 'patch',
    path: '/api/projects/{id}',
    tag: 'Projects',
    summary:
      "Changes the project's default style guide and its hosted blog's logo, accent colour and base path (owners, editors). Fields left out stay as they are.",
    params: projectIdParam,
    body: updateProjectBody,
    responses: {
      200: {
        description: 'The project. Its blog shows the new brand from the next request, in every server process.',
        schema: project,
      },
      ...viewers,
      ...notFound,
      422: {
        description:
          'A style guide of another project, a logo that is neither https nor an image of this project, a colour that is not #rrggbb or too light on white, or a base path without a custom domain. Nothing changed.',
        schema: validationErrorBody,
      },
    },
  }),
  operation({
    method: 'post',
    path: '/api/projects/{id}/brand-fetch-and-generate-guide',
    tag: 'Projects',
    summary:
      "Reads the website and writes the project's style guide in the background. While the project's analysis is under way, a new start answers that task's id instead of starting another.",
    params: projectIdParam,
    body: brandFetchBody,
    responses: {
      202: { description: 'Started; poll the task.', schema: brandTaskStarted },
      ...viewers,
      ...notFound,
      ...throttled('website analyses'),
    },
  }),
  operation({
    method: 'get',
    path: '/api/projects/brand-guide/status/{taskId}',
    tag: 'Projects',
    summary: 'Where a brand task stands.',
    params: brandTaskIdParam,
    responses: {
      200: { description: 'The task.', schema: brandTaskStatus },
      404: { description: 'No such task in the caller’s projects.', schema: errorBody },
    },
  }),
];
