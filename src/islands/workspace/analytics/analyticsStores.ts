import { atom } from 'nanostores';
import type { AnalyticsRange, BlogAnalytics, PostAnalytics } from '../../../lib/blog-analytics/schema.ts';
import { DEFAULT_RANGE } from '../../../lib/blog-analytics/schema.ts';
import type { CustomDomain } from '../../../lib/api/domains.ts';
import { createFetcherStore } from '../../../lib/query/fetcher.ts';
import { $selectedProjectId } from '../../../lib/stores/projects.ts';

/** The range the dashboard's blog analytics show, in days. */
export const $blogRange = atom<AnalyticsRange>(DEFAULT_RANGE);

/** The selected project's blog analytics over that range (GET /analytics/project/{id}?days=). */
export const $blogAnalytics = createFetcherStore<BlogAnalytics>([
  'analytics/project/',
  $selectedProjectId,
  '?days=',
  $blogRange,
]);

/** The post the post page shows, and the range of its analytics. */
export const $analyticsPostId = atom<string | null>(null);
export const $postRange = atom<AnalyticsRange>(DEFAULT_RANGE);

/** That post's analytics (GET /analytics/post/{id}?days=). */
export const $postAnalytics = createFetcherStore<PostAnalytics>([
  'analytics/post/',
  $analyticsPostId,
  '?days=',
  $postRange,
]);

/** The blog's address, to say where views come from (the same cache as the dashboard's Blog row). */
export const $analyticsBlogAddress = createFetcherStore<CustomDomain>([
  'projects/',
  $selectedProjectId,
  '/custom-domain',
]);
