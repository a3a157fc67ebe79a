import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../lib/api/client.ts';
import { fill } from '../../lib/fill.ts';
import { fetchTags } from '../../lib/transcripts/api.ts';
import { tagPath } from '../../lib/transcripts/aliases.ts';
import { shortDate, tagColor } from '../../lib/transcripts/format.ts';
import type { TagInsights, TagUsage } from '../../lib/transcripts/types.ts';

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; tags: TagUsage[]; insights: TagInsights };

/** Its words, from src/content/transcript-shared/shared.yaml (tagIndex). */
export interface Words {
  uniqueTags: string;
  totalUses: string;
  mostPopular: string;
  averageUses: string;
  searchLabel: string;
  searchPlaceholder: string;
  allTags: string;
  used: string;
  loading: string;
  failedHeading: string;
  tryAgain: string;
}

/** The tag index (spec §2.9): four insight cards, a case-insensitive search, All Tags (n); Failed to Load Tags + Try Again. */
export default function TagIndex({ base, words }: { base: string; words: Words }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [query, setQuery] = useState('');
  useEffect(() => {
    fetchTags()
      .then((data) => setState({ status: 'ready', ...data }))
      .catch((failure: unknown) =>
        setState({ status: 'error', message: errorMessage(failure, 'Failed to fetch tags') }),
      );
  }, []);
  const shown = useMemo(() => {
    if (state.status !== 'ready') return [];
    const needle = query.trim().toLowerCase();
    return needle ? state.tags.filter((item) => item.tag.toLowerCase().includes(needle)) : state.tags;
  }, [state, query]);

  if (state.status === 'error') {
    return (
      <div role="alert" className="rounded-xl border border-red-300 p-6 text-center dark:border-red-800">
        <h2 className="text-xl font-semibold">{words.failedHeading}</h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{state.message}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-4 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white"
        >
          {words.tryAgain}
        </button>
      </div>
    );
  }
  if (state.status === 'loading')
    return (
      <div
        role="status"
        className="h-64 animate-pulse rounded-xl bg-slate-100 dark:bg-slate-800"
        aria-busy="true"
        aria-label={words.loading}
      />
    );

  const { insights } = state;
  const cards = [
    { label: words.uniqueTags, value: insights.total_unique_tags.toLocaleString('en-US') },
    { label: words.totalUses, value: insights.total_tag_usage.toLocaleString('en-US') },
    {
      label: words.mostPopular,
      value: insights.most_popular_tag ? `#${insights.most_popular_tag.tag} (${insights.most_popular_tag.count})` : '—',
    },
    { label: words.averageUses, value: insights.average_usage_per_tag.toLocaleString('en-US') },
  ];
  return (
    <div className="space-y-8">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((card) => (
          <li key={card.label} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
            <p className="text-sm text-slate-700 dark:text-slate-300">{card.label}</p>
            <p className="mt-1 break-words text-2xl font-bold">{card.value}</p>
          </li>
        ))}
      </ul>
      <div>
        <label htmlFor="tag-search" className="sr-only">
          {words.searchLabel}
        </label>
        <input
          id="tag-search"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={words.searchPlaceholder}
          className="min-h-12 w-full rounded-lg border border-slate-300 bg-white px-4 dark:border-slate-700 dark:bg-slate-900"
        />
      </div>
      <section aria-labelledby="all-tags">
        <h2 id="all-tags" className="mb-4 text-xl font-semibold">
          {fill(words.allTags, { n: shown.length })}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((item) => (
            <li key={item.tag} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
              <a href={tagPath(base, item.tag)} className="flex items-center justify-between gap-2">
                <span className="font-semibold">#{item.tag}</span>
                <span className={`rounded-full px-2 py-0.5 text-sm ${tagColor(item.count)}`}>{item.count}</span>
              </a>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                {fill(words.used, { first: shortDate(item.first_used, true), last: shortDate(item.last_used, true) })}
              </p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
