import { useStore } from '@nanostores/react';
import type { IndexStatus } from '../../../lib/search-console/schema.ts';
import { INDEX_STATUS_LABEL } from '../../../lib/search-console/labels.ts';
import { $postSearch } from './searchConsoleStores.ts';

const STATUS_CLASS: Record<IndexStatus, string> = {
  indexed: 'border-emerald-300 text-emerald-900 dark:border-emerald-700 dark:text-emerald-100',
  crawled_not_indexed: 'border-amber-300 text-amber-900 dark:border-amber-700 dark:text-amber-100',
  discovered: 'border-amber-300 text-amber-900 dark:border-amber-700 dark:text-amber-100',
  unknown: 'border-slate-300 text-slate-800 dark:border-slate-600 dark:text-slate-100',
  excluded: 'border-red-300 text-red-900 dark:border-red-700 dark:text-red-100',
  error: 'border-red-300 text-red-900 dark:border-red-700 dark:text-red-100',
};
const number = new Intl.NumberFormat();
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * What Google says of a post, as a small badge beside its status (calendar cards, the post list): its index status
 * and its clicks over the last 28 days of data. Nothing while the project has no Search Console data for it.
 */
export function SearchBadge({ postId, compact = false }: { postId: string; compact?: boolean }) {
  const { data } = useStore($postSearch);
  const item = data?.items.find((candidate) => candidate.post_id === postId);
  if (!item || (!item.index_status && item.impressions === 0)) return null;
  const status = item.index_status ? INDEX_STATUS_LABEL[item.index_status] : 'Not inspected yet';
  const crawl = item.last_crawl_at ? `, last crawled ${day.format(new Date(item.last_crawl_at))}` : '';
  const figures = `${number.format(item.clicks)} clicks, ${number.format(item.impressions)} impressions in 28 days`;
  const full = `Google: ${status}${crawl}; ${figures}`;
  return (
    <span
      data-search-status={item.index_status ?? 'none'}
      title={full}
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[item.index_status ?? 'unknown']}`}
    >
      <span aria-hidden="true">{status}</span>
      {!compact && <span aria-hidden="true">· {number.format(item.clicks)} clicks</span>}
      <span className="sr-only">{full}</span>
    </span>
  );
}
