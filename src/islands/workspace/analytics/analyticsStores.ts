import { atom } from 'nanostores';
import type { BlogAnalytics, PostAnalytics } from '../../../lib/blog-analytics/schema.ts';
import { type AnalyticsRange, DEFAULT_RANGE } from '../../../lib/blog-analytics/ranges.ts';
import type { CustomDomain } from '../../../lib/api/domains.ts';
import { createFetcherStore } from '../../../lib/query/fetcher.ts';
import { $selectedProjectId } from '../../../lib/stores/projects.ts';

/** A failed read says so and offers Try again, instead of retrying on its own (a 90-day read is not free). */
const NO_SILENT_RETRY = { onErrorRetry: false } as const;

/** The range the dashboard's blog analytics show, in days. */
export const $blogRange = atom<AnalyticsRange>(DEFAULT_RANGE);

/** The selected project's blog analytics over that range (GET /analytics/project/{id}?days=). */
export const $blogAnalytics = createFetcherStore<BlogAnalytics>(
  ['analytics/project/', $selectedProjectId, '?days=', $blogRange],
  NO_SILENT_RETRY,
);

/** The post the post page shows, and the range of its analytics. */
export const $analyticsPostId = atom<string | null>(null);
export const $postRange = atom<AnalyticsRange>(DEFAULT_RANGE);

/** That post's analytics (GET /analytics/post/{id}?days=). */
export const $postAnalytics = createFetcherStore<PostAnalytics>(
  ['analytics/post/', $analyticsPostId, '?days=', $postRange],
  NO_SILENT_RETRY,
);

/** The blog's address, to say where views come from (the same cache as the dashboard's Blog row). */
export const $analyticsBlogAddress = createFetcherStore<CustomDomain>([
  'projects/',
  $selectedProjectId,
  '/custom-domain',
]);
