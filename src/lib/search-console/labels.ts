import type { IndexStatus } from './schema.ts';

/** The label of a calendar entry the planner took from a rising Search Console query. */
export const RISING_QUERY_LABEL = 'From Search Console: rising query';

/** How each index status reads on a badge. */
export const INDEX_STATUS_LABEL: Record<IndexStatus, string> = {
  indexed: 'Indexed',
  crawled_not_indexed: 'Crawled, not indexed',
  discovered: 'Discovered, not indexed',
  unknown: 'Unknown to Google',
  excluded: 'Not indexed',
  error: 'Inspection failed',
};
