import { lazy, Suspense } from 'react';
import type { PostStatus } from '../../../lib/posts/types.ts';

// The charts (recharts) load after the page they sit on: the dashboard and the post page show at once.
const BlogAnalytics = lazy(() => import('./BlogAnalytics.tsx').then((module) => ({ default: module.BlogAnalytics })));
const PostAnalytics = lazy(() => import('./PostAnalytics.tsx').then((module) => ({ default: module.PostAnalytics })));

const loading = (
  <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
    Loading analytics...
  </p>
);

/** The dashboard's Blog analytics, loaded on demand. */
export function BlogAnalyticsSection() {
  return (
    <Suspense fallback={loading}>
      <BlogAnalytics />
    </Suspense>
  );
}

/** The post page's Readers, loaded on demand. */
export function PostReadersSection(props: { postId: string; status: PostStatus }) {
  return (
    <Suspense fallback={loading}>
      <PostAnalytics postId={props.postId} status={props.status} />
    </Suspense>
  );
}
