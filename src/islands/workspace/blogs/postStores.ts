import { atom } from 'nanostores';
import { useEffect } from 'react';
import { onPostUpdated, postPath } from '../../../lib/api/posts.ts';
import type { Post, PostPage } from '../../../lib/posts/types.ts';
import { createFetcherStore, mutateCache, revalidateKeys } from '../../../lib/query/fetcher.ts';

/** Refetches every cached list page of a project's posts after a write. */
export function revalidatePostLists(projectId: string): void {
  revalidateKeys((key) => key.startsWith(`blogs/posts/project/${projectId}?`));
}

/** Puts a post that was just saved into the shared cache, so every screen showing it agrees at once. */
export function storePost(post: Post): void {
  mutateCache(postPath(post.id), post);
  revalidatePostLists(post.project_id);
}

/** While mounted: a post-updated event refreshes the cached post and the lists, so open views show the new one. */
export function usePostUpdates(): void {
  useEffect(() => onPostUpdated(storePost), []);
}

/** The list page the blog list shows (its API path), and that page through the shared cache. */
export const $postListPath = atom<string | null>(null);
export const $postPage = createFetcherStore<PostPage>([$postListPath]);
