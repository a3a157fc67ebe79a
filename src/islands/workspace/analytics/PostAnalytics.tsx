import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { PostStatus } from '../../../lib/posts/types.ts';
import { $analyticsPostId, $postAnalytics, $postRange } from './analyticsStores.ts';
import { AnalyticsState, Sources, Totals, ViewsChart } from './parts.tsx';
import { RangePicker } from './RangePicker.tsx';

/** The post page's Readers section: the post's views and readers per day, referrers and countries. */
export function PostAnalytics(props: { postId: string; status: PostStatus }) {
  useEffect(() => $analyticsPostId.set(props.postId), [props.postId]);
  const range = useStore($postRange);
  const current = useStore($analyticsPostId) === props.postId;
  const { data, loading, error } = useStore($postAnalytics);
  const shown = current && data?.post_id === props.postId ? data : undefined;
  return (
    <section aria-labelledby="post-analytics-heading" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="post-analytics-heading" className="font-medium">
          Readers
        </h2>
        <RangePicker label="Readers range" value={range} onChange={(days) => $postRange.set(days)} />
      </div>
      <AnalyticsState
        loading={loading || !current}
        error={error}
        hasData={shown !== undefined}
        onRetry={() => $postAnalytics.revalidate()}
      >
        {shown && shown.totals.views === 0 && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {props.status === 'published'
              ? `No page views in the last ${range} days yet. Views are counted on our server as people read the post on your blog (no cookies; bots left out).`
              : 'Page views appear here once the post is published on your blog.'}
          </p>
        )}
        {shown && shown.totals.views > 0 && (
          <>
            <Totals data={shown} range={range} />
            <ViewsChart title={`Page views and readers per day, last ${range} days`} data={shown} />
            <div className="grid gap-6 md:grid-cols-2">
              <Sources data={shown} />
            </div>
          </>
        )}
      </AnalyticsState>
    </section>
  );
}
