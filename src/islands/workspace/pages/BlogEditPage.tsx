import { HTTPError } from 'ky';
import { useState } from 'react';
import { PostEditor } from '../blogs/PostEditor.tsx';
import { usePost, usePostIdFromPath } from '../blogs/usePost.ts';
import { Link } from '../Link.tsx';
import { EmptyState, PageFrame } from '../PageFrame.tsx';
import { useCanWrite } from '../roles.ts';

/** Edit Blog Post (/dashboard/blog/edit/{blogId}): the editor for owners and editors; viewers are sent to read it. */
export default function BlogEditPage() {
  const id = usePostIdFromPath();
  const { data: post, loading, error } = usePost(id);
  const writable = useCanWrite();
  // Where the editor puts its review panel (checklist, claims, voice): a column of its own from 1280 px that stays in
  // view while the post scrolls; under the editor on narrower screens.
  const [side, setSide] = useState<HTMLElement | null>(null);

  let body;
  if (!post && loading) body = <p className="text-sm text-slate-600 dark:text-slate-400">Loading the post...</p>;
  else if (!post) {
    const missing = error instanceof HTTPError && error.response.status === 404;
    body = (
      <EmptyState title={missing ? 'Post not found' : 'Could not load the post'}>
        {missing
          ? 'It may have been deleted, or it belongs to a project you are not a member of. '
          : 'Reload the page to try again. '}
        <Link href="/blogs" className="text-brand-700 underline dark:text-brand-100">
          Back to All Blogs
        </Link>
      </EmptyState>
    );
  } else if (!writable) {
    body = (
      <EmptyState title="Viewers cannot edit posts">
        You can read this post, but only the project's owners and editors can change it.{' '}
        <Link href={`/blogs/${post.id}`} className="text-brand-700 underline dark:text-brand-100">
          Read the post
        </Link>
      </EmptyState>
    );
  } else {
    // Keyed by id: the editor starts from the loaded post once and then owns the text (later cache refreshes never clobber typing).
    body = (
      <div className="flex min-w-0 flex-col gap-5 xl:grid xl:grid-cols-[minmax(0,1fr)_22rem] xl:items-start xl:gap-6">
        <div className="min-w-0 xl:col-start-1 xl:row-start-1">
          <PostEditor key={post.id} post={post} side={side} />
        </div>
        <div
          ref={setSide}
          className="hidden min-w-0 xl:sticky xl:block xl:top-16 xl:col-start-2 xl:row-start-1 xl:max-h-[calc(100vh-5rem)] xl:overflow-y-auto"
        />
      </div>
    );
  }

  return (
    <PageFrame
      wide
      title="Edit Blog Post"
      lead="Write in rich text or Markdown; the preview is exactly what your blog will show."
    >
      {body}
    </PageFrame>
  );
}
