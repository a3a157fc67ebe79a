import { useStore } from '@nanostores/react';
import { Link } from '../Link.tsx';
import { $searchInsights } from './searchConsoleStores.ts';

const muted = 'mt-2 text-sm text-slate-600 dark:text-slate-400';
const number = new Intl.NumberFormat();

/**
 * The dashboard's learning loop from Search Console: posts whose clicks fell four weeks in a row (refresh them), and
 * the queries the blog rises for without a post (the next plan takes them).
 */
export function RefreshSuggestions() {
  const { data, loading, error } = useStore($searchInsights);
  if (data && !data.connected) return null; // Projects → Search Console invites the connection
  return (
    <section
      aria-labelledby="refresh-suggestions-heading"
      className="rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2
        id="refresh-suggestions-heading"
        className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400"
      >
        Posts to refresh
      </h2>
      {loading && !data && <p className={muted}>Loading...</p>}
      {error && !data && <p className={muted}>Search Console's suggestions could not be loaded.</p>}
      {data?.connected && data.refresh.length === 0 && (
        <p className={muted}>
          {data.metrics_through
            ? 'No post needs a refresh: none has lost clicks four weeks in a row.'
            : 'Search data is being fetched from Google; suggestions appear once it is in.'}
        </p>
      )}
      {data?.connected && data.refresh.length > 0 && (
        <ul className="mt-2 flex flex-col gap-2 text-sm">
          {data.refresh.map((item) => (
            <li key={item.post_id}>
              <Link href={`/blogs/${item.post_id}`} className="font-medium underline-offset-2 hover:underline">
                {item.title || 'Untitled post'}
              </Link>
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                Clicks a week: {item.weekly_clicks.map((clicks) => number.format(clicks)).join(' → ')}
              </span>
            </li>
          ))}
        </ul>
      )}
      {data?.connected && data.rising_queries.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-medium">Rising searches without a post</h3>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Your next 30-day plan starts with these, labelled "From Search Console: rising query".
          </p>
          <ul className="mt-1 flex flex-wrap gap-1 text-xs">
            {data.rising_queries.slice(0, 8).map((query) => (
              <li
                key={query.query}
                className="rounded-full bg-emerald-50 px-2 py-0.5 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
              >
                {query.query} ({number.format(query.previous_impressions)} → {number.format(query.impressions)})
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
