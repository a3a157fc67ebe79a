import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api/client.ts';
import { createPost, postListPath } from '../../../lib/api/posts.ts';
import { DEFAULT_PAGE_SIZE, type PostSort, type PostStatusFilter } from '../../../lib/posts/types.ts';
import { $selectedProject } from '../../../lib/stores/projects.ts';
import { navigate } from '../../../lib/stores/router.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { fieldClass, primaryButton, secondaryButton } from '../brand/ConnectWebsiteForm.tsx';
import { $postListPath, $postPage, revalidatePostLists, usePostUpdates } from '../blogs/postStores.ts';
import { BriefBadge } from '../blogs/BriefNotice.tsx';
import { formatWhen, StatusBadge } from '../blogs/StatusBadge.tsx';
import { Link } from '../Link.tsx';
import { EmptyState, PageFrame } from '../PageFrame.tsx';
import { canWrite } from '../roles.ts';
import { SearchBadge } from '../search-console/SearchBadge.tsx';

const STATUS_LABELS: Record<PostStatusFilter, string> = {
  all: 'All posts',
  published: 'Published',
  unpublished: 'Unpublished',
};
const SORT_LABELS: Record<PostSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  title: 'Title (A–Z)',
  updated: 'Recently updated',
};
const SEARCH_DELAY_MS = 300;

/** All Blogs: the selected project's posts — filter by status, search, sort, page through, open, edit, start a draft. */
export default function BlogsPage() {
  const project = useStore($selectedProject);
  const writable = canWrite(project?.role);
  const [status, setStatus] = useState<PostStatusFilter>('all');
  const [sort, setSort] = useState<PostSort>('newest');
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  usePostUpdates();

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setQ(typed.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);

  useEffect(() => setPage(1), [project?.id]);

  const path = project ? postListPath(project.id, { status, q, sort, page, pageSize: DEFAULT_PAGE_SIZE }) : null;
  useEffect(() => $postListPath.set(path), [path]);
  const page$ = useStore($postPage);
  // Until the store follows this page's path, it may hold another project's or filter's answer: show none of it.
  const current = $postListPath.get() === path;
  const data = current ? page$.data : undefined;
  const loading = !current || page$.loading;
  const error = current ? page$.error : undefined;
  const filtered = status !== 'all' || q !== '';
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  async function newPost() {
    if (!project) return;
    setCreating(true);
    try {
      const post = await createPost(project.id);
      revalidatePostLists(project.id);
      navigate(`/dashboard/blog/edit/${post.id}`);
    } catch (caught) {
      showToast(errorMessage(caught, 'An error occurred.'), 'error');
      setCreating(false);
    }
  }

  return (
    <PageFrame title="All Blogs" lead="Every post of the selected project: drafts to review and posts on your blog.">
      {!project ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Select a project to see its posts.</p>
      ) : (
        <>
          <div className="flex flex-wrap items-end gap-3">
            <div className="min-w-48 flex-1">
              <label htmlFor="posts-search" className="text-sm font-medium">
                Search posts
              </label>
              <input
                id="posts-search"
                type="search"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                placeholder="Title, slug or keyword"
                className={fieldClass}
              />
            </div>
            <div>
              <label htmlFor="posts-status" className="text-sm font-medium">
                Status
              </label>
              <select
                id="posts-status"
                value={status}
                onChange={(event) => {
                  setStatus(event.target.value as PostStatusFilter);
                  setPage(1);
                }}
                className={fieldClass}
              >
                {Object.entries(STATUS_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="posts-sort" className="text-sm font-medium">
                Sort by
              </label>
              <select
                id="posts-sort"
                value={sort}
                onChange={(event) => {
                  setSort(event.target.value as PostSort);
                  setPage(1);
                }}
                className={fieldClass}
              >
                {Object.entries(SORT_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            {writable && (
              <button type="button" onClick={newPost} disabled={creating} className={primaryButton}>
                {creating ? 'Creating...' : 'New post'}
              </button>
            )}
          </div>

          {loading && !data ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">Loading posts...</p>
          ) : error && !data ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              Could not load the posts. Reload the page to try again.
            </p>
          ) : !data || data.total === 0 ? (
            filtered ? (
              <EmptyState title="No posts match">
                Clear the search or choose All posts to see every post of this project.
              </EmptyState>
            ) : (
              <EmptyState title="No blog posts yet">
                {writable
                  ? 'Run your workflow from the Workflows page to have Inkpilot write a post, or start one yourself with New post.'
                  : 'This project has no posts yet. Its owners and editors can write one or run a workflow to create it.'}
              </EmptyState>
            )
          ) : (
            <>
              <ul
                aria-label="Posts"
                className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
              >
                {data.items.map((post) => (
                  <li key={post.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
                    <div className="min-w-0 flex-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <Link
                          href={`/blogs/${post.id}`}
                          className="font-medium break-words text-brand-700 hover:underline dark:text-brand-100"
                        >
                          {post.title || 'Untitled post'}
                        </Link>
                        <StatusBadge status={post.status} />
                        {post.brief && <BriefBadge />}
                        <SearchBadge postId={post.id} />
                      </div>
                      <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
                        /{post.slug} · updated {formatWhen(post.updated_at)}
                        {post.author ? ` · ${post.author.name}` : ''}
                      </p>
                    </div>
                    {writable && (
                      <Link
                        href={`/dashboard/blog/edit/${post.id}`}
                        className={secondaryButton}
                        aria-label={`Edit ${post.title || 'Untitled post'}`}
                      >
                        Edit
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
              <nav aria-label="Pages" className="flex items-center justify-between gap-2 text-sm">
                <button
                  type="button"
                  onClick={() => setPage(page - 1)}
                  disabled={page <= 1}
                  className={secondaryButton}
                >
                  Previous
                </button>
                <span>
                  Page {Math.min(page, pages)} of {pages} · {data.total} {data.total === 1 ? 'post' : 'posts'}
                </span>
                <button
                  type="button"
                  onClick={() => setPage(page + 1)}
                  disabled={page >= pages}
                  className={secondaryButton}
                >
                  Next
                </button>
              </nav>
            </>
          )}
        </>
      )}
    </PageFrame>
  );
}
