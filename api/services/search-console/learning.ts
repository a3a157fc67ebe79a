// The learning loop's rules, pure so unit tests drive them: a post to refresh (clicks fell four weeks in a row), a
// rising query (more impressions in the last two weeks than the two before), and whether a post is about a query.
import { competes, type Piece, tokens } from '../plan/cannibalisation.ts';

/** Weeks of decline that make a refresh suggestion, and the clicks the first week compared must have had. */
export const REFRESH_WEEKS = 4;
export const REFRESH_MIN_CLICKS = 5;

/** Two of the project's pages compete for a query when each got at least this many impressions in 28 days. */
export const CANNIBALISATION_MIN_IMPRESSIONS = 5;

/** A query rises when its last 14 days have at least 20 impressions and half again as many as the 14 before. */
export const RISING_DAYS = 14;
export const RISING_MIN_IMPRESSIONS = 20;
export const RISING_GROWTH = 1.5;
/** Rising queries the planner takes into one plan at most. */
export const RISING_PLAN_MAX = 5;

/** The label a calendar entry planned from a rising query carries. */
export { RISING_QUERY_LABEL } from '../../../src/lib/search-console/labels.ts';

/** Whether weekly clicks (oldest first) fell in each of the last four weeks, from a week worth counting. */
export function fellForWeeks(weekly: number[], weeks = REFRESH_WEEKS): boolean {
  if (weekly.length < weeks + 1) return false;
  const span = weekly.slice(-(weeks + 1));
  if ((span[0] ?? 0) < REFRESH_MIN_CLICKS) return false;
  return span.every((clicks, index) => index === 0 || clicks < (span[index - 1] ?? 0));
}

/** What the refresh suggestion says. */
export function refreshMessage(weekly: number[]): string {
  const span = weekly.slice(-(REFRESH_WEEKS + 1));
  return `Clicks fell four weeks in a row (${span.join(' → ')} a week). Refresh this post: update its facts, answer the queries it shows for, and republish.`;
}

/** Whether a query rises: enough impressions lately, and clearly more than before. */
export function isRising(trend: { impressions: number; previous_impressions: number }): boolean {
  return (
    trend.impressions >= RISING_MIN_IMPRESSIONS &&
    trend.impressions > trend.previous_impressions &&
    trend.impressions >= trend.previous_impressions * RISING_GROWTH
  );
}

/**
 * Whether a post (or planned entry) is about a query: the planner's guard says they compete, the post's target
 * keyword is contained in the query ("sourdough starter" in "how to feed a sourdough starter"), or the query's words
 * are all in its title.
 */
export function isAbout(query: string, piece: Piece): boolean {
  if (competes({ title: query, target_keyword: query }, piece)) return true;
  const words = new Set(tokens(query));
  if (words.size === 0) return true;
  const keyword = tokens(piece.target_keyword);
  if (keyword.length > 0 && keyword.every((word) => words.has(word))) return true;
  const title = new Set(tokens(piece.title));
  return [...words].every((word) => title.has(word));
}
