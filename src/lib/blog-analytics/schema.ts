import { z } from 'zod';
import { ANALYTICS_RANGES } from './ranges.ts';

export { ANALYTICS_RANGES, type AnalyticsRange, DEFAULT_RANGE } from './ranges.ts';

const day = z.string().regex(/^\d{4}-\d\d-\d\d$/);
const count = z.number().int().min(0);

/** One day of the range: page views, and readers counted once that day. */
export const analyticsDay = z.object({ date: day, views: count, visitors: count });

/** Where readers came from: a host (without www.), or '' for none (typed in, a bookmark, an app, or the blog itself). */
export const referrerRow = z.object({ host: z.string(), views: count });

/** Readers' countries (ISO 3166-1 alpha-2), or '' when no header gave one. */
export const countryRow = z.object({ country: z.string(), views: count });

const range = {
  range_days: z.union(ANALYTICS_RANGES.map((days) => z.literal(days))),
  from: day.describe('First day of the range (UTC).'),
  to: day.describe('Last day of the range: today (UTC), counted until a few seconds ago.'),
  totals: z.object({
    views: count,
    visitors: count.describe("Sum of each day's readers: a reader who comes back another day counts again."),
  }),
  days: z.array(analyticsDay).describe('Every day of the range, oldest first, days without views included.'),
  referrers: z.array(referrerRow).describe('The 10 hosts that sent the most views, most first.'),
  countries: z.array(countryRow).describe('The 10 countries with the most views, most first.'),
};

/** A post with its views over the range; title and slug are null for a post deleted since. */
export const topPost = z.object({
  post_id: z.uuid(),
  title: z.string().nullable(),
  slug: z.string().nullable(),
  views: count,
});

/** The hosted blog's page views over a range: per day, its most read posts, referrers and countries. */
export const blogAnalytics = z.object({
  project_id: z.uuid(),
  ...range,
  top_posts: z.array(topPost).describe('The 10 most read posts, most first.'),
  list_page_views: count.describe('Views of pages that are not a post: the home page, tag pages, later pages.'),
});
export type BlogAnalytics = z.infer<typeof blogAnalytics>;

/** One post's page views over a range. */
export const postAnalytics = z.object({ post_id: z.uuid(), project_id: z.uuid(), ...range });
export type PostAnalytics = z.infer<typeof postAnalytics>;
