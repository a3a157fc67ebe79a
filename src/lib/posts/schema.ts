import { z } from 'zod';
import { claim } from '../claims/schema.ts';

/** A source a post cites. */
export const postSource = z.object({ title: z.string(), url: z.string() });
export type PostSource = z.infer<typeof postSource>;

// A scheduled post goes live at its published_at (issue 23); only published posts are on the blog.
export const postStatus = z.enum(['draft', 'scheduled', 'published']);
export type PostStatus = z.infer<typeof postStatus>;

/** A post in the list: everything but its body (issue 13). */
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
  lang: z.string().describe('The language the post is written in (an ISO 639-1 code, optionally with a region).'),
  translation_group: z
    .uuid()
    .nullable()
    .describe('Posts that are translations of each other share it (the id of the original); null for a post alone.'),
  status: postStatus,
  version: z.number().int(),
  draft_label: z.string().nullable(),
  brief: z
    .boolean()
    .describe("True while the body is still the writer's brief an offline run made: such a post is not published."),
  workflow_run_id: z.uuid().nullable(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  author: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type PostSummary = z.infer<typeof postSummary>;

/** What wrote one part of a post (its introduction or a ## section): a model, the writer's brief or a person. */
export const postPart = z.object({ heading: z.string(), written_by: z.string() });
export type PostPart = z.infer<typeof postPart>;

/** A full post (GET /blogs/posts/post/{id}): the API and the workspace read the same shape. */
export const post = postSummary.extend({
  markdown: z.string(),
  html: z.string(),
  claims: z.array(claim).describe('The claims of the markdown as last checked against their sources (issue 27).'),
  parts: z.array(postPart).describe('What wrote each part of the body, in order.'),
});
export type Post = z.infer<typeof post>;

/** One page of a project's posts. */
export const postPage = z.object({
  items: z.array(postSummary),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type PostPage = z.infer<typeof postPage>;

/** The fields a writer edits in the editor (PATCH body without version). */
export type PostEdit = Pick<
  Post,
  | 'title'
  | 'slug'
  | 'markdown'
  | 'excerpt'
  | 'meta_title'
  | 'meta_description'
  | 'cover_image_url'
  | 'cover_image_alt'
  | 'target_keyword'
  | 'keywords'
  | 'tags'
  | 'sources'
  | 'lang'
>;
