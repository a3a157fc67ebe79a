import { useStore } from '@nanostores/react';
import type { PostStatus } from '../../../lib/posts/types.ts';
import { createFetcherStore } from '../../../lib/query/fetcher.ts';
import { $selectedProjectId } from '../../../lib/stores/projects.ts';
import { BriefBadge } from '../blogs/BriefNotice.tsx';
import { STATUS_LABELS } from '../blogs/StatusBadge.tsx';
import { Link } from '../Link.tsx';

interface PostRow {
  id: string;
  title: string;
  status: PostStatus;
  brief: boolean;
  updated_at: string;
}

/** The selected project's five newest posts (the posts list route, newest first). */
const $recentPosts = createFetcherStore<{ items: PostRow[] }>([
  'blogs/posts/project/',
  $selectedProjectId,
  '?status=all&sort=newest&page=1&page_size=5',
]);

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Recent posts with links to each and to the list; an empty state says how to get the first one. */
export function RecentPosts() {
  const { data, loading, error } = useStore($recentPosts);
  return (
    <section
      aria-labelledby="recent-posts-heading"
      className="rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2
        id="recent-posts-heading"
        className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400"
      >
        Recent posts
      </h2>
      {loading && !data && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Loading...</p>}
      {error && !data && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Posts could not be loaded.</p>}
      {data && data.items.length === 0 && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          No posts yet. Run the default workflow from{' '}
          <Link href="/workflows" className="underline">
            Workflows
          </Link>{' '}
          with a topic, and the finished post appears here as a draft to review.
        </p>
      )}
      {data && data.items.length > 0 && (
        <>
          <ul className="mt-2 flex flex-col gap-2">
            {data.items.map((post) => (
              <li key={post.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <Link href={`/blogs/${post.id}`} className="font-medium underline-offset-2 hover:underline">
                  {post.title || 'Untitled post'}
                </Link>
                <span className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                  {post.brief && <BriefBadge />}
                  {STATUS_LABELS[post.status]} · {dateFormat.format(new Date(post.updated_at))}
                  <Link href={`/dashboard/blog/edit/${post.id}`} className="underline">
                    Edit
                  </Link>
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-3">
            <Link
              href="/blogs"
              className="text-sm font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100"
            >
              All posts
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
