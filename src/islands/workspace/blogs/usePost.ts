import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { postPath } from '../../../lib/api/posts.ts';
import type { Post } from '../../../lib/posts/types.ts';
import { createFetcherStore } from '../../../lib/query/fetcher.ts';
import { $location } from '../../../lib/stores/router.ts';

/** The last path segment: the post id of /blogs/{id} and /dashboard/blog/edit/{blogId}. */
export function usePostIdFromPath(): string {
  const { pathname } = useStore($location);
  return decodeURIComponent(pathname.split('/').pop() ?? '');
}

/** One full post through the shared cache (refreshed by post-updated events and saves). */
export function usePost(id: string) {
  const $post = useMemo(() => createFetcherStore<Post>([postPath(id)]), [id]);
  return useStore($post);
}
