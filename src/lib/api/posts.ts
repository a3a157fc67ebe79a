import type { Post, PostEdit, PostPage, PostSort, PostStatusFilter } from '../posts/types.ts';
import { api } from './client.ts';

/**
 * The window event that announces a post changed outside the screen showing it (a workflow run saved it, the
 * editor published it): `detail` is the full post. Open post views refresh themselves when it fires.
 */
export const POST_UPDATED_EVENT = 'inkpilot:post-updated';

export type PostUpdatedEvent = CustomEvent<{ post: Post }>;

/** Tells every open view that this post is now as given. */
export function announcePostUpdated(post: Post): void {
  window.dispatchEvent(new CustomEvent(POST_UPDATED_EVENT, { detail: { post } }));
}

/** Calls back with each announced post; returns the unsubscribe. */
export function onPostUpdated(handler: (post: Post) => void): () => void {
  const listener = (event: Event) => {
    const post = (event as PostUpdatedEvent).detail?.post;
    if (post?.id) handler(post);
  };
  window.addEventListener(POST_UPDATED_EVENT, listener);
  return () => window.removeEventListener(POST_UPDATED_EVENT, listener);
}

export interface PostListQuery {
  status: PostStatusFilter;
  q: string;
  sort: PostSort;
  page: number;
  pageSize: number;
}

/** The API path (fetcher key) of one page of a project's posts. */
export function postListPath(projectId: string, query: PostListQuery): string {
  const params = new URLSearchParams({
    status: query.status,
    sort: query.sort,
    page: String(query.page),
    page_size: String(query.pageSize),
  });
  if (query.q.trim()) params.set('q', query.q.trim());
  return `blogs/posts/project/${projectId}?${params.toString()}`;
}

/** The API path (fetcher key) of one full post. */
export function postPath(id: string): string {
  return `blogs/posts/post/${id}`;
}

/** GET /blogs/posts/post/{id} (spec §7): the full post. */
export function fetchPost(id: string): Promise<Post> {
  return api.get(postPath(id)).json<Post>();
}

/** GET /blogs/posts/project/{projectId}: one page of the list. */
export function fetchPostPage(projectId: string, query: PostListQuery): Promise<PostPage> {
  return api.get(postListPath(projectId, query)).json<PostPage>();
}

/** POST /blogs/posts/project/{projectId}: a new draft written by hand. */
export function createPost(projectId: string, input: { title?: string; markdown?: string } = {}): Promise<Post> {
  return api.post(`blogs/posts/project/${projectId}`, { json: input }).json<Post>();
}

/** POST /blogs/posts/project/{projectId}/preview: the server's rendering of markdown, exactly as a save stores it. */
export function previewMarkdown(projectId: string, markdown: string, signal?: AbortSignal): Promise<{ html: string }> {
  return api
    .post(`blogs/posts/project/${projectId}/preview`, { json: { markdown }, ...(signal ? { signal } : {}) })
    .json<{ html: string }>();
}

/** PATCH /blogs/posts/post/{id}: saves fields edited from `version`; 409 when someone saved in between. */
export function patchPost(id: string, version: number, fields: Partial<PostEdit>): Promise<Post> {
  return api.patch(postPath(id), { json: { version, ...fields } }).json<Post>();
}

/** POST …/publish: puts the post on the blog (only if it is still at `version`). */
export function publishPost(id: string, version: number): Promise<Post> {
  return api.post(`${postPath(id)}/publish`, { json: { version } }).json<Post>();
}

/** POST …/unpublish: takes the post off the blog (only if it is still at `version`). */
export function unpublishPost(id: string, version: number): Promise<Post> {
  return api.post(`${postPath(id)}/unpublish`, { json: { version } }).json<Post>();
}

/**
 * POST …/schedule: the post goes live at a date and time on the project's wall clock (its time zone; the server
 * stores the instant), only if it is still at `version`.
 */
export function schedulePost(id: string, version: number, when: { date: string; time: string }): Promise<Post> {
  return api.post(`${postPath(id)}/schedule`, { json: { version, ...when } }).json<Post>();
}

/** DELETE /blogs/posts/post/{id}. */
export function deletePost(id: string): Promise<{ message: string }> {
  return api.delete(postPath(id)).json<{ message: string }>();
}
