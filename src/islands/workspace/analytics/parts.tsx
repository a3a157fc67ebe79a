import type { ReactNode } from 'react';
import type { AnalyticsRange, BlogAnalytics } from '../../../lib/blog-analytics/schema.ts';
import { secondaryButton } from '../brand/ConnectWebsiteForm.tsx';
import { BarList } from '../charts/BarList.tsx';
import { type Series, TimeSeriesChart } from '../charts/TimeSeriesChart.tsx';

/** The chart's two lines: page views and readers. */
export const VIEW_SERIES: Series[] = [
  { key: 'views', label: 'Page views', color: '#4338ca' },
  { key: 'visitors', label: 'Readers', color: '#0f766e' },
];

const number = new Intl.NumberFormat();
let regions: Intl.DisplayNames | undefined;

/** A country's name in the reader's language, from its ISO code; '' is a country no header told. */
export function countryName(code: string): string {
  if (!code) return 'Unknown';
  try {
    regions ??= new Intl.DisplayNames(undefined, { type: 'region' });
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The totals of the range, as two figures. */
export function Totals(props: { data: Pick<BlogAnalytics, 'totals'>; range: AnalyticsRange }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
      {[
        ['Page views', props.data.totals.views],
        ['Readers', props.data.totals.visitors],
      ].map(([label, value]) => (
        <div key={label} className="rounded-md bg-slate-50 px-3 py-2 dark:bg-slate-900">
          <dt className="text-xs text-slate-600 dark:text-slate-400">
            {label}, last {props.range} days
          </dt>
          <dd className="text-2xl font-semibold tabular-nums">{number.format(Number(value))}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Views per day as a line chart (with its table), oldest day first. */
export function ViewsChart(props: { title: string; data: Pick<BlogAnalytics, 'days'> }) {
  return <TimeSeriesChart title={props.title} points={props.data.days} series={VIEW_SERIES} />;
}

/** Where views came from and which countries read. */
export function Sources(props: { data: Pick<BlogAnalytics, 'referrers' | 'countries'> }) {
  return (
    <>
      <BarList
        title="Top referrers"
        nameHeading="Referrer"
        valueHeading="Page views"
        empty="No referrers in this range."
        bars={props.data.referrers.map((row) => ({
          key: row.host || '-',
          label: row.host || 'Direct or unknown',
          value: row.views,
        }))}
      />
      <BarList
        title="Countries"
        nameHeading="Country"
        valueHeading="Page views"
        empty="No countries in this range."
        bars={props.data.countries.map((row) => ({
          key: row.country || '-',
          label: countryName(row.country),
          value: row.views,
        }))}
      />
    </>
  );
}

/** The loading, error and empty states every analytics panel shares; `children` once there is something to show. */
export function AnalyticsState(props: {
  loading: boolean;
  error: unknown;
  hasData: boolean;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (!props.hasData && props.loading)
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        Loading analytics...
      </p>
    );
  if (!props.hasData && props.error)
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-300">
        Analytics could not be loaded.
        <button type="button" onClick={props.onRetry} className={secondaryButton}>
          Try again
        </button>
      </div>
    );
  return <>{props.children}</>;
}
