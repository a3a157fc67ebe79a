// Which posts' pages are inspected next (URL Inspection), within Google's quota for one property: 2,000 calls a day
// and 600 a minute, shared by every project reading that property. Pure functions of the clock and the stored counts,
// so the policy is unit-tested on its own (tests/unit/search-console-scheduler.test.ts).

/** A published post whose page may be inspected. */
export interface InspectionCandidate {
  postId: string;
  publishedAt: Date;
  /** The post's current version; an inspection of an older version is stale. */
  version: number;
  /** When and at which version its page was last inspected (null: never). */
  inspectedAt: Date | null;
  inspectedVersion: number | null;
}

/** Google's limits for the property and what has been spent in the current windows. */
export interface QuotaState {
  perMinute: number;
  perDay: number;
  usedThisMinute: number;
  usedToday: number;
  /** After a 429 nothing is asked before this time. */
  backoffUntil: Date | null;
}

/**
 * The share of the daily budget kept for new and changed posts: routine re-checks of unchanged posts stop once the day
 * has used the rest, so a post published late in the day is still inspected that day.
 */
export const FRESH_RESERVE = 0.1;
const DAY_MS = 86_400_000;

export type InspectionPlan = { postIds: string[]; waiting: null | 'backoff' | 'minute' | 'day' };

/**
 * The posts to inspect now, in order: never inspected (newest first), then changed since their inspection (most
 * recently published first), then unchanged ones due again (longest ago first). An unchanged post is due again
 * after a day, or later when the property has more posts than the routine budget covers daily (each post then gets
 * its turn every ⌈posts / routine budget⌉ days). Nothing while backing off after a 429; never more than is left of
 * this minute's or this day's quota.
 */
export function planInspections(input: {
  now: Date;
  quota: QuotaState;
  candidates: InspectionCandidate[];
}): InspectionPlan {
  const { now, quota, candidates } = input;
  if (quota.backoffUntil && quota.backoffUntil > now) return { postIds: [], waiting: 'backoff' };
  const leftToday = quota.perDay - quota.usedToday;
  const leftThisMinute = quota.perMinute - quota.usedThisMinute;
  if (leftToday <= 0) return { postIds: [], waiting: 'day' };
  if (leftThisMinute <= 0) return { postIds: [], waiting: 'minute' };

  const routineBudget = Math.max(1, Math.floor(quota.perDay * (1 - FRESH_RESERVE)));
  const interval = Math.max(1, Math.ceil(candidates.length / routineBudget)) * DAY_MS;
  const newest = (a: InspectionCandidate, b: InspectionCandidate) =>
    b.publishedAt.getTime() - a.publishedAt.getTime() || a.postId.localeCompare(b.postId);
  const fresh = candidates.filter((post) => !post.inspectedAt).sort(newest);
  const changed = candidates.filter((post) => post.inspectedAt && post.inspectedVersion !== post.version).sort(newest);
  const due = candidates
    .filter(
      (post) =>
        post.inspectedAt &&
        post.inspectedVersion === post.version &&
        now.getTime() - post.inspectedAt.getTime() >= interval,
    )
    .sort((a, b) => (a.inspectedAt?.getTime() ?? 0) - (b.inspectedAt?.getTime() ?? 0) || newest(a, b));

  const room = Math.min(leftToday, leftThisMinute);
  const chosen = [...fresh, ...changed].slice(0, room);
  const routineRoom = Math.min(room - chosen.length, routineBudget - quota.usedToday);
  if (routineRoom > 0) chosen.push(...due.slice(0, routineRoom));
  const left = fresh.length + changed.length + due.length - chosen.length;
  // What holds back the rest: this minute's quota, or the day's (its routine share, or all of it).
  const waiting = left === 0 ? null : chosen.length >= leftThisMinute && chosen.length < leftToday ? 'minute' : 'day';
  return { postIds: chosen.map((post) => post.postId), waiting };
}

/**
 * How long to hold a property back after Google answered 429: its Retry-After when given; a spent daily quota until
 * Google's next quota day (midnight Pacific time); otherwise 1, 2, 4 … minutes for each 429 in a row, at most an
 * hour, and never before the next minute window.
 */
export function backoffAfterRateLimit(input: {
  now: Date;
  streak: number;
  retryAfterSeconds: number | null;
  quotaWindow: 'minute' | 'day' | null;
}): { until: Date; streak: number } {
  const streak = input.streak + 1;
  if (input.retryAfterSeconds) return { until: new Date(input.now.getTime() + input.retryAfterSeconds * 1000), streak };
  if (input.quotaWindow === 'day') return { until: nextQuotaDay(input.now), streak };
  const wait = Math.min(60 * 60_000, 60_000 * 2 ** (streak - 1));
  const until = Math.max(input.now.getTime() + wait, minuteStart(input.now).getTime() + 60_000);
  return { until: new Date(until), streak };
}

/** The start of the minute window `now` is in. */
export function minuteStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 60_000) * 60_000);
}

/** Google's quota days run midnight to midnight Pacific time: the start of the one `now` is in. */
export function quotaDayStart(now: Date): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles',
      hourCycle: 'h23',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const sinceMidnight = (Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second)) * 1000;
  return new Date(now.getTime() - (now.getTime() % 1000) - sinceMidnight);
}

/** The start of Google's next quota day. */
export function nextQuotaDay(now: Date): Date {
  // 25 hours covers the longest Pacific day (the autumn change); the day start of that instant is the next midnight.
  const later = quotaDayStart(new Date(quotaDayStart(now).getTime() + 25 * 3_600_000));
  return later > now ? later : new Date(now.getTime() + DAY_MS);
}
