import { atom } from 'nanostores';
import type {
  PostSearchReport,
  PostSearchSummaries,
  SearchConsoleConnection,
  SearchInsights,
} from '../../../lib/api/searchConsole.ts';
import { createFetcherStore } from '../../../lib/query/fetcher.ts';
import { $selectedProjectId } from '../../../lib/stores/projects.ts';

/** The selected project's Search Console connection (Projects → Search Console). */
export const $searchConsole = createFetcherStore<SearchConsoleConnection>([
  'projects/',
  $selectedProjectId,
  '/search-console',
]);

/** Each post's index status and 28-day figures: the badges of calendar cards and of the post list. */
export const $postSearch = createFetcherStore<PostSearchSummaries>([
  'projects/',
  $selectedProjectId,
  '/search-console/posts',
]);

/** The selected project's learning loop (the dashboard's posts to refresh). */
export const $searchInsights = createFetcherStore<SearchInsights>([
  'projects/',
  $selectedProjectId,
  '/search-console/insights',
]);

/** `{projectId}/search-console/posts/{postId}` of the post page on screen, or null. */
export const $reportTarget = atom<string | null>(null);

/** One post's Search Console report (the post page). */
export const $postReport = createFetcherStore<PostSearchReport>(['projects/', $reportTarget]);
