import { useStore } from '@nanostores/react';
import { BarList } from '../charts/BarList.tsx';
import { Link } from '../Link.tsx';
import { $analyticsBlogAddress, $blogAnalytics, $blogRange } from './analyticsStores.ts';
import { AnalyticsState, Sources, Totals, ViewsChart } from './parts.tsx';
import { RangePicker } from './RangePicker.tsx';

const linkClass = 'font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100';

/**
 * The dashboard's Blog analytics: the selected project's hosted blog as readers used it over 7, 30 or 90 days (views
 * and readers per day, most read posts, referrers, countries), counted on the server without cookies.
 */
export function BlogAnalytics() {
  const range = useStore($blogRange);
  const { data, loading, error } = useStore($blogAnalytics);
  const address = useStore($analyticsBlogAddress).data?.blog_url;
  const empty = data !== undefined && data.totals.views === 0;
  return (
    <section
      aria-labelledby="blog-analytics-heading"
      className="flex min-w-0 flex-col gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2
            id="blog-analytics-heading"
            className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400"
          >
            Blog analytics
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Page views of your hosted blog, counted on our server: no cookies, no script, bots left out. Days are in
            UTC; the last minute may still be on its way.
          </p>
        </div>
        <RangePicker label="Blog analytics range" value={range} onChange={(days) => $blogRange.set(days)} />
      </div>
      <AnalyticsState
        loading={loading}
        error={error}
        hasData={data !== undefined}
        onRetry={() => $blogAnalytics.revalidate()}
      >
        {data && empty && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            No page views in the last {range} days yet. Views are counted as people read your blog
            {address ? (
              <>
                {' at '}
                <a href={address} target="_blank" rel="noopener" className={`${linkClass} break-all`}>
                  {address}
                </a>
              </>
            ) : null}
            ; publish a post from{' '}
            <Link href="/blogs" className={linkClass}>
              All Blogs
            </Link>{' '}
            to give them something to read.
          </p>
        )}
        {data && !empty && (
          <>
            <Totals data={data} range={range} />
            <ViewsChart title={`Page views and readers per day, last ${range} days`} data={data} />
            <div className="grid gap-6 md:grid-cols-3">
              <BarList
                title="Top posts"
                nameHeading="Post"
                valueHeading="Page views"
                empty="No post was read in this range."
                bars={data.top_posts.map((row) => ({
                  key: row.post_id,
                  label:
                    row.title === null ? (
                      'Deleted post'
                    ) : (
                      <Link href={`/blogs/${row.post_id}`} className="underline-offset-2 hover:underline">
                        {row.title || 'Untitled post'}
                      </Link>
                    ),
                  value: row.views,
                }))}
              />
              <Sources data={data} />
            </div>
            {data.list_page_views > 0 && (
              <p className="text-xs text-slate-600 dark:text-slate-400">
                Besides posts, the home page, tag pages and later pages had {data.list_page_views} page views.
              </p>
            )}
          </>
        )}
      </AnalyticsState>
    </section>
  );
}
