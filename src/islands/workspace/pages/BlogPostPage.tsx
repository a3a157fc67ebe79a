import { HTTPError } from 'ky';
import { PostReadersSection } from '../analytics/LazyAnalytics.tsx';
import { PostBody } from '../blogs/PostBody.tsx';
import { QualityHoldNotice } from '../blogs/QualityHoldNotice.tsx';
import { usePostUpdates } from '../blogs/postStores.ts';
import { formatWhen, StatusBadge } from '../blogs/StatusBadge.tsx';
import { usePost, usePostIdFromPath } from '../blogs/usePost.ts';
import { secondaryButton } from '../brand/ConnectWebsiteForm.tsx';
import { Link } from '../Link.tsx';
import { EmptyState, PageFrame } from '../PageFrame.tsx';
import { useCanWrite } from '../roles.ts';
import { PostSearchReport } from '../search-console/PostSearchReport.tsx';
import { isWebAddress } from '../../../lib/posts/web-address.ts';
import { directionOf } from '../../../lib/languages/index.ts';
import { LiveOnPanel } from '../destinations/LiveOnPanel.tsx';

/** Blog Post: one post as the blog will show it (the server's HTML), its status and the way to edit it. */
export default function BlogPostPage() {
  const id = usePostIdFromPath();
  const { data: post, loading, error } = usePost(id);
  const writable = useCanWrite();
  usePostUpdates();

  if (loading && !post) {
    return (
      <PageFrame title="Blog Post">
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading the post...</p>
      </PageFrame>
    );
  }
  if (!post) {
    const missing = error instanceof HTTPError && error.response.status === 404;
    return (
      <PageFrame title="Blog Post">
        <EmptyState title={missing ? 'Post not found' : 'Could not load the post'}>
          {missing
            ? 'It may have been deleted, or it belongs to a project you are not a member of. '
            : 'Reload the page to try again. '}
          <Link href="/blogs" className="text-brand-700 underline dark:text-brand-100">
            Back to All Blogs
          </Link>
        </EmptyState>
      </PageFrame>
    );
  }

  return (
    <PageFrame title={post.title || 'Untitled post'}>
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600 dark:text-slate-400">
        <StatusBadge status={post.status} />
        <span>
          {post.status === 'published' && post.published_at
            ? `Published ${formatWhen(post.published_at)}`
            : post.status === 'scheduled' && post.published_at
              ? `Goes live ${formatWhen(post.published_at)}`
              : `Updated ${formatWhen(post.updated_at)}`}
        </span>
        <span>/{post.slug}</span>
        {post.draft_label && (
          <span className="rounded bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800">{post.draft_label}</span>
        )}
        {writable && (
          <Link href={`/dashboard/blog/edit/${post.id}`} className={`${secondaryButton} ml-auto`}>
            Edit post
          </Link>
        )}
      </div>
      {post.status === 'draft' && <QualityHoldNotice hold={post.quality_hold} />}
      {post.meta_description && <p className="text-slate-700 dark:text-slate-300">{post.meta_description}</p>}
      <LiveOnPanel postId={post.id} />
      {post.status === 'published' && <PostSearchReport projectId={post.project_id} postId={post.id} live />}
      {post.cover_image_url && (
        <img
          src={post.cover_image_url}
          alt={post.cover_image_alt}
          className="h-auto w-full max-w-3xl rounded-lg object-contain"
        />
      )}
      {post.html ? (
        // The server rendered and sanitized this HTML (api/services/posts/render.ts); it is exactly what the blog serves.
        <PostBody
          aria-label="Post content"
          className="post-body"
          html={post.html}
          lang={post.lang}
          dir={directionOf(post.lang)}
        />
      ) : (
        <EmptyState title="This post has no content yet">
          {writable ? 'Open the editor to write it.' : 'Its owners and editors have not written it yet.'}
        </EmptyState>
      )}
      {post.sources.length > 0 && (
        <section aria-labelledby="post-sources">
          <h2 id="post-sources" className="font-medium">
            Sources
          </h2>
          <ul className="mt-2 list-disc pl-5 text-sm">
            {post.sources.map((source) => (
              <li key={source.url}>
                <a
                  href={isWebAddress(source.url) ? source.url : undefined}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="text-brand-700 underline dark:text-brand-100"
                >
                  {source.title || source.url}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <PostReadersSection postId={post.id} status={post.status} />
    </PageFrame>
  );
}
