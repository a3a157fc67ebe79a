// The blog post as the API returns it and the workspace reads it (issue 13): one shape for both sides.

/** A scheduled post goes live at its published_at (issue 23); only published posts are on the blog. */
export type PostStatus = 'draft' | 'scheduled' | 'published';

export interface PostSource {
  title: string;
  url: string;
}

/** A full post (GET /blogs/posts/post/{id}). */
export interface Post {
  id: string;
  project_id: string;
  title: string;
  slug: string;
  markdown: string;
  html: string;
  excerpt: string;
  meta_title: string;
  meta_description: string;
  cover_image_url: string | null;
  cover_image_alt: string;
  target_keyword: string;
  keywords: string[];
  tags: string[];
  sources: PostSource[];
  lang: string;
  status: PostStatus;
  version: number;
  draft_label: string | null;
  workflow_run_id: string | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  author: { id: string; name: string } | null;
}

/** A post in the list: everything but its body. */
export type PostSummary = Omit<Post, 'markdown' | 'html'>;

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

export const POST_STATUS_FILTERS = ['all', 'published', 'unpublished'] as const;
export type PostStatusFilter = (typeof POST_STATUS_FILTERS)[number];

export const POST_SORTS = ['newest', 'oldest', 'title', 'updated'] as const;
export type PostSort = (typeof POST_SORTS)[number];

/** One page of a project's posts. */
export interface PostPage {
  items: PostSummary[];
  total: number;
  page: number;
  page_size: number;
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
