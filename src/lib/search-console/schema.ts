import { z } from 'zod';

/** What Google's index says of a post's page (URL Inspection), as Inkpilot shows it. */
export const indexStatus = z
  .enum(['indexed', 'crawled_not_indexed', 'discovered', 'unknown', 'excluded', 'error'])
  .describe(
    'indexed; crawled_not_indexed ("Crawled - currently not indexed"); discovered ("Discovered - currently not indexed"); unknown ("URL is unknown to Google"); excluded (another coverage state, in coverage_state); error (the inspection failed, in coverage_state)',
  );
export type IndexStatus = z.infer<typeof indexStatus>;

const day = z.iso.date();
const instant = z.iso.datetime({ offset: true });

/** A project's Search Console connection as members see it (never a token). */
export const searchConsoleConnection = z.object({
  configured: z.boolean().describe('Whether this server has Google OAuth settings at all.'),
  missing_settings: z.array(z.string()).describe('The settings to set when not configured.'),
  connected: z.boolean(),
  status: z
    .enum(['connected', 'reconnect'])
    .nullable()
    .describe('reconnect: Google refused the stored permission (revoked or expired); an owner must connect again.'),
  status_reason: z.string().nullable(),
  connected_at: instant.nullable(),
  property: z
    .string()
    .nullable()
    .describe("The chosen property's siteUrl (https://example.com/ or sc-domain:example.com)."),
  property_covers_blog: z.boolean().nullable(),
  blog_url: z.string(),
  sitemap_url: z.string().describe("The blog's sitemap."),
  sitemap_submitted_at: instant.nullable(),
  sitemap_error: z.string().nullable(),
  metrics_through: day.nullable().describe('The last day of search metrics stored.'),
  metrics_synced_at: instant.nullable(),
  metrics_error: z.string().nullable(),
  verification_token: z.string().nullable().describe("The blog's google-site-verification meta tag content."),
  message: z.string().optional(),
});
export type SearchConsoleConnection = z.infer<typeof searchConsoleConnection>;

/** Where the owner's browser goes to give Inkpilot access (Google's consent page). */
export const searchConsoleAuthorization = z.object({ authorization_url: z.string() });

/** A property of the connected Google account, and whether it can serve the blog. */
export const searchConsoleProperty = z.object({
  site_url: z.string(),
  kind: z.enum(['domain', 'url-prefix']),
  permission_level: z.string(),
  covers_blog: z.boolean(),
  usable: z.boolean().describe('Covers the blog and its data can be read.'),
  note: z.string().nullable().describe('Why it cannot be picked, when it cannot.'),
});
export type SearchConsoleProperty = z.infer<typeof searchConsoleProperty>;

export const searchConsoleProperties = z.object({ blog_url: z.string(), items: z.array(searchConsoleProperty) });
export type SearchConsoleProperties = z.infer<typeof searchConsoleProperties>;

/** Clicks, impressions, click-through rate (0–1) and impression-weighted average position over a range. */
export const searchTotals = z.object({
  clicks: z.number().int(),
  impressions: z.number().int(),
  ctr: z.number(),
  position: z.number().nullable(),
});

/** A post's index status and last 28 days, for its badge on calendar cards and in the post list. */
export const postSearchSummary = searchTotals.extend({
  post_id: z.uuid(),
  url: z.string(),
  index_status: indexStatus.nullable().describe('null until its page was inspected.'),
  coverage_state: z.string().nullable(),
  last_crawl_at: instant.nullable(),
  inspected_at: instant.nullable(),
});
export type PostSearchSummary = z.infer<typeof postSearchSummary>;

export const postSearchSummaries = z.object({
  connected: z.boolean(),
  metrics_through: day.nullable(),
  items: z.array(postSearchSummary),
});
export type PostSearchSummaries = z.infer<typeof postSearchSummaries>;

/** A query the post gets impressions for, over the last 28 days. */
export const queryRow = searchTotals.extend({ query: z.string() });
export type QueryRow = z.infer<typeof queryRow>;

/** Another post of the project getting impressions for the same query (cannibalisation). */
export const competingPage = z.object({
  query: z.string(),
  post_id: z.uuid(),
  other_post_id: z.uuid(),
  other_title: z.string(),
  impressions: z.number().int(),
  other_impressions: z.number().int(),
  position: z.number().nullable(),
  other_position: z.number().nullable(),
});
export type CompetingPage = z.infer<typeof competingPage>;

/** A post whose clicks fell four weeks in a row: worth refreshing. */
export const refreshSuggestion = z.object({
  post_id: z.uuid(),
  title: z.string(),
  weekly_clicks: z.array(z.number().int()).describe('Clicks of the five weeks compared, oldest first.'),
  message: z.string(),
});
export type RefreshSuggestion = z.infer<typeof refreshSuggestion>;

/** One post's Search Console report: index status, clicks and impressions by day, queries, and what to act on. */
export const postSearchReport = z.object({
  post_id: z.uuid(),
  url: z.string().nullable(),
  connected: z.boolean(),
  metrics_through: day.nullable(),
  inspection: z
    .object({
      index_status: indexStatus,
      coverage_state: z.string().nullable(),
      last_crawl_at: instant.nullable(),
      inspected_at: instant,
    })
    .nullable(),
  totals: searchTotals.describe('The last 28 days.'),
  days: z.array(z.object({ date: day, clicks: z.number().int(), impressions: z.number().int() })),
  queries: z.array(queryRow),
  cannibalisation: z.array(competingPage),
  refresh: refreshSuggestion.nullable(),
});
export type PostSearchReport = z.infer<typeof postSearchReport>;

/** A query rising for the blog that no post is about: a topic for the next plan. */
export const risingQuery = z.object({
  query: z.string(),
  impressions: z.number().int().describe('The last 14 days.'),
  previous_impressions: z.number().int().describe('The 14 days before.'),
  clicks: z.number().int(),
});
export type RisingQuery = z.infer<typeof risingQuery>;

/** The project's learning loop: posts to refresh, queries two posts compete for, rising queries without a post. */
export const searchInsights = z.object({
  connected: z.boolean(),
  metrics_through: day.nullable(),
  refresh: z.array(refreshSuggestion),
  cannibalisation: z.array(
    z.object({
      query: z.string(),
      posts: z.array(
        z.object({
          post_id: z.uuid(),
          title: z.string(),
          impressions: z.number().int(),
          position: z.number().nullable(),
        }),
      ),
    }),
  ),
  rising_queries: z.array(risingQuery),
});
export type SearchInsights = z.infer<typeof searchInsights>;
