// The analytics ranges without zod, so the workspace's chart bundle does not carry it (zod's eval probe would meet
// the app's CSP).

/** The ranges the analytics are read over, in days ending today (UTC). */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_RANGE: AnalyticsRange = 30;
