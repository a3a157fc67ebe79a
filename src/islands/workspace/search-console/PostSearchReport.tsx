import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { INDEX_STATUS_LABEL } from '../../../lib/search-console/labels.ts';
import type { PostSearchReport as Report } from '../../../lib/api/searchConsole.ts';
import { TimeSeriesChart } from '../charts/TimeSeriesChart.tsx';
import { Link } from '../Link.tsx';
import { $postReport, $reportTarget } from './searchConsoleStores.ts';

const muted = 'text-sm text-slate-600 dark:text-slate-400';
const linkClass = 'font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100';
const number = new Intl.NumberFormat();
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dataDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const position = (value: number | null) => (value === null ? '—' : value.toFixed(1));

/**
 * The post page's Search Console section: what Google's index says of the page (with its last crawl), its clicks and
 * impressions by day as charts, its top queries, other posts of the project competing for its queries, and a refresh
 * suggestion when its clicks fell four weeks in a row.
 */
export function PostSearchReport({ projectId, postId, live }: { projectId: string; postId: string; live: boolean }) {
  const { data, loading, error } = useStore($postReport);
  useEffect(() => {
    $reportTarget.set(`${projectId}/search-console/posts/${postId}`);
    return () => $reportTarget.set(null);
  }, [projectId, postId]);
  const report = data?.post_id === postId ? data : undefined;

  return (
    <section
      aria-labelledby="post-search-heading"
      className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 id="post-search-heading" className="text-lg font-semibold">
        Search Console
      </h2>
      {!report && loading && <p className={muted}>Loading search data...</p>}
      {!report && error && !loading && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Could not load this post's search data. Reload the page to try again.
        </p>
      )}
      {report && !report.connected && (
        <p className={muted}>
          Connect Google Search Console under{' '}
          <Link href="/projects#search-console" className={linkClass}>
            Projects → Search Console
          </Link>{' '}
          to see whether this post is indexed and which searches it shows up for.
        </p>
      )}
      {report?.connected && <Connected report={report} live={live} />}
    </section>
  );
}

function Connected({ report, live }: { report: Report; live: boolean }) {
  const { inspection, totals } = report;
  return (
    <>
      <p className="text-sm">
        {inspection ? (
          <>
            <span className="font-medium">Google: {INDEX_STATUS_LABEL[inspection.index_status]}</span>
            {inspection.coverage_state && inspection.index_status !== 'indexed' && (
              <span className="text-slate-600 dark:text-slate-400"> ({inspection.coverage_state})</span>
            )}
            <span className="text-slate-600 dark:text-slate-400">
              {inspection.last_crawl_at ? ` · last crawled ${day.format(new Date(inspection.last_crawl_at))}` : ''}
              {` · checked ${day.format(new Date(inspection.inspected_at))}`}
            </span>
          </>
        ) : live ? (
          'Not inspected yet: Google is asked within minutes of publishing, as the daily quota allows.'
        ) : (
          'Google is asked about this post once it is published.'
        )}
      </p>
      {report.refresh && (
        <p
          role="note"
          className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          <span className="font-medium">Refresh suggested. </span>
          {report.refresh.message}
        </p>
      )}
      {report.cannibalisation.length > 0 && (
        <div
          role="note"
          className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-medium">Competing with your own posts</p>
          <ul className="mt-1 list-disc pl-5">
            {report.cannibalisation.map((clash) => (
              <li key={`${clash.query}:${clash.other_post_id}`}>
                “{clash.query}”: this post {number.format(clash.impressions)} impressions (position{' '}
                {position(clash.position)}),{' '}
                <Link href={`/blogs/${clash.other_post_id}`} className="underline">
                  {clash.other_title || 'Untitled post'}
                </Link>{' '}
                {number.format(clash.other_impressions)} (position {position(clash.other_position)})
              </li>
            ))}
          </ul>
        </div>
      )}
      {!report.metrics_through || report.days.length === 0 ? (
        <p className={muted}>
          Google has no search data for this post yet. Clicks and impressions appear two to three days after Google
          first shows the page in its results.
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            {[
              ['Clicks', number.format(totals.clicks)],
              ['Impressions', number.format(totals.impressions)],
              ['CTR', percent.format(totals.ctr)],
              ['Average position', position(totals.position)],
            ].map(([label, value]) => (
              <div key={label} className="rounded-md bg-slate-50 p-2 dark:bg-slate-900">
                <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
                <dd className="text-lg font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="-mt-2 text-xs text-slate-600 dark:text-slate-400">
            Last 28 days of data, through {dataDay.format(new Date(`${report.metrics_through}T00:00:00Z`))}.
          </p>
          <div className="grid min-w-0 gap-4 md:grid-cols-2">
            <TimeSeriesChart
              title="Clicks by day"
              points={report.days}
              series={[{ key: 'clicks', label: 'Clicks', color: '#4f46e5' }]}
            />
            <TimeSeriesChart
              title="Impressions by day"
              points={report.days}
              series={[{ key: 'impressions', label: 'Impressions', color: '#0f766e' }]}
            />
          </div>
          <QueriesTable report={report} />
        </>
      )}
    </>
  );
}

function QueriesTable({ report }: { report: Report }) {
  if (report.queries.length === 0)
    return <p className={muted}>No queries yet: Google lists a query once enough people searched for it.</p>;
  return (
    // Focusable, so the keyboard can scroll the table sideways on a phone (axe: scrollable-region-focusable).
    <div className="min-w-0 overflow-x-auto" tabIndex={0} role="region" aria-label="Top queries">
      <table className="w-full text-left text-sm">
        <caption className="mb-1 text-left font-medium">Top queries (last 28 days)</caption>
        <thead>
          <tr className="text-xs text-slate-600 dark:text-slate-400">
            <th scope="col" className="py-1 pr-3 font-medium">
              Query
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              Clicks
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              Impressions
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              CTR
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Position
            </th>
          </tr>
        </thead>
        <tbody>
          {report.queries.map((row) => (
            <tr key={row.query} className="border-t border-slate-200 dark:border-slate-800">
              <th scope="row" className="py-1 pr-3 font-normal break-words">
                {row.query}
              </th>
              <td className="py-1 pr-3 text-right tabular-nums">{number.format(row.clicks)}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{number.format(row.impressions)}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{percent.format(row.ctr)}</td>
              <td className="py-1 text-right tabular-nums">{position(row.position)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
