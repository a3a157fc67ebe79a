// The blog post as the API returns it and the workspace reads it (issue 13): one shape for both sides, its zod schema in
// src/lib/posts/schema.ts; the list's filters and sorts here.

export type { Post, PostEdit, PostPage, PostSource, PostStatus, PostSummary } from './schema.ts';

export const POST_STATUS_FILTERS = ['all', 'published', 'unpublished'] as const;
export type PostStatusFilter = (typeof POST_STATUS_FILTERS)[number];

export const POST_SORTS = ['newest', 'oldest', 'title', 'updated'] as const;
export type PostSort = (typeof POST_SORTS)[number];

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
