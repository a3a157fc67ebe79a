// The URL Inspection scheduler (api/services/search-console/scheduler.ts): which posts' pages are inspected, in which
// order, within Google's quota per property (2,000 a day, 600 a minute), and how long a 429 holds the property back.
import { describe, expect, it } from 'vitest';
import {
  backoffAfterRateLimit,
  FRESH_RESERVE,
  type InspectionCandidate,
  minuteStart,
  nextQuotaDay,
  planInspections,
  quotaDayStart,
} from '../../api/services/search-console/scheduler.ts';

const NOW = new Date('2026-03-10T18:30:20Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const quota = (used: Partial<{ minute: number; day: number }> = {}, backoffUntil: Date | null = null) => ({
  perMinute: 600,
  perDay: 2000,
  usedThisMinute: used.minute ?? 0,
  usedToday: used.day ?? 0,
  backoffUntil,
});

/** A post published `ageDays` ago, inspected `inspectedDaysAgo` ago (never when null), at its current version or not. */
function post(
  id: string,
  ageDays: number,
  inspectedDaysAgo: number | null = null,
  changed = false,
): InspectionCandidate {
  return {
    postId: id,
    publishedAt: new Date(NOW.getTime() - ageDays * DAY),
    version: changed ? 3 : 2,
    inspectedAt: inspectedDaysAgo === null ? null : new Date(NOW.getTime() - inspectedDaysAgo * DAY),
    inspectedVersion: inspectedDaysAgo === null ? null : 2,
  };
}

const many = (count: number, make: (index: number) => InspectionCandidate) =>
  Array.from({ length: count }, (_, i) => make(i));

describe('the inspection scheduler', () => {
  it('inspects never-inspected posts newest first, then changed ones, then those due again, oldest check first', () => {
    const candidates = [
      post('due-old-check', 40, 3),
      post('fresh-old', 9),
      post('changed', 30, 0.1, true),
      post('fresh-new', 1),
      post('due-recent-check', 40, 1.5),
      post('checked-today', 20, 0.2),
    ];

    const plan = planInspections({ now: NOW, quota: quota(), candidates });

    expect(plan.postIds).toEqual(['fresh-new', 'fresh-old', 'changed', 'due-old-check', 'due-recent-check']);
    expect(plan.waiting).toBeNull();
  });

  it('never plans more than is left of this minute', () => {
    const candidates = many(1000, (i) => post(`p${i}`, i));

    const plan = planInspections({ now: NOW, quota: quota({ minute: 550, day: 700 }), candidates });

    expect(plan.postIds).toHaveLength(50);
    expect(plan.postIds[0]).toBe('p0'); // the newest
    expect(plan.waiting).toBe('minute');
  });

  it('never plans more than is left of the day, and nothing once it is spent', () => {
    const candidates = many(100, (i) => post(`p${i}`, i));

    const almost = planInspections({ now: NOW, quota: quota({ day: 1990 }), candidates });
    const spent = planInspections({ now: NOW, quota: quota({ day: 2000 }), candidates });

    expect(almost.postIds).toHaveLength(10);
    expect(almost.waiting).toBe('day');
    expect(spent).toEqual({ postIds: [], waiting: 'day' });
  });

  it('keeps a share of the day for new and changed posts: routine re-checks stop before it', () => {
    const routine = many(3000, (i) => post(`old${i}`, 100 + i, 10));
    const routineCap = 2000 * (1 - FRESH_RESERVE);

    const late = planInspections({ now: NOW, quota: quota({ day: routineCap }), candidates: routine });
    const withNews = planInspections({
      now: NOW,
      quota: quota({ day: routineCap }),
      candidates: [...routine, post('brand-new', 0.01), post('edited', 50, 0.5, true)],
    });

    expect(late.postIds).toEqual([]);
    expect(withNews.postIds).toEqual(['brand-new', 'edited']);
  });

  it('spreads re-checks over the posts: with more posts than a day covers, each waits its turn for days', () => {
    // 4,000 posts against 1,800 routine calls a day: each comes round every 3 days.
    const checkedTwoDaysAgo = many(4000, (i) => post(`p${i}`, 400 + i, 2));
    const checkedThreeDaysAgo = many(4000, (i) => post(`p${i}`, 400 + i, 3));

    expect(planInspections({ now: NOW, quota: quota(), candidates: checkedTwoDaysAgo }).postIds).toEqual([]);
    expect(planInspections({ now: NOW, quota: quota(), candidates: checkedThreeDaysAgo }).postIds).toHaveLength(600);
  });

  it('asks nothing while backing off after a 429', () => {
    const candidates = [post('fresh', 1)];

    const held = planInspections({ now: NOW, quota: quota({}, new Date(NOW.getTime() + 30_000)), candidates });
    const over = planInspections({ now: NOW, quota: quota({}, new Date(NOW.getTime() - 1)), candidates });

    expect(held).toEqual({ postIds: [], waiting: 'backoff' });
    expect(over.postIds).toEqual(['fresh']);
  });

  it('a run of rounds never spends more than the minute and the day allow', () => {
    let usedToday = 0;
    const inspected = new Map<string, Date>();
    const candidates = () =>
      many(2500, (i) => ({
        ...post(`p${i}`, i),
        inspectedAt: inspected.get(`p${i}`) ?? null,
        inspectedVersion: inspected.has(`p${i}`) ? 2 : null,
      }));

    for (let minute = 0; minute < 10; minute++) {
      const now = new Date(NOW.getTime() + minute * 60_000);
      const plan = planInspections({
        now,
        quota: { ...quota({ day: usedToday }), usedThisMinute: 0 },
        candidates: candidates(),
      });
      expect(plan.postIds.length).toBeLessThanOrEqual(600);
      for (const id of plan.postIds) inspected.set(id, now);
      usedToday += plan.postIds.length;
    }

    expect(usedToday).toBe(2000);
    expect(inspected.size).toBe(2000);
    expect(inspected.has('p0')).toBe(true); // newest first: the oldest 500 wait for tomorrow
    expect(inspected.has('p2499')).toBe(false);
  });
});

describe('backing off after a 429', () => {
  it('doubles the wait for each 429 in a row, from a minute up to an hour', () => {
    const waits = [0, 1, 2, 3, 7].map(
      (streak) =>
        (backoffAfterRateLimit({ now: NOW, streak, retryAfterSeconds: null, quotaWindow: 'minute' }).until.getTime() -
          NOW.getTime()) /
        60_000,
    );

    expect(waits).toEqual([1, 2, 4, 8, 60]);
    expect(backoffAfterRateLimit({ now: NOW, streak: 2, retryAfterSeconds: null, quotaWindow: null }).streak).toBe(3);
  });

  it("honours Google's Retry-After when it sends one", () => {
    const held = backoffAfterRateLimit({ now: NOW, streak: 0, retryAfterSeconds: 17, quotaWindow: 'minute' });

    expect(held.until.getTime() - NOW.getTime()).toBe(17_000);
  });

  it('waits for the next quota day (midnight Pacific time) when the daily quota is spent', () => {
    const held = backoffAfterRateLimit({ now: NOW, streak: 0, retryAfterSeconds: null, quotaWindow: 'day' });

    // 2026-03-10 is after the spring change (March 8): Pacific daylight time, UTC−7.
    expect(held.until.toISOString()).toBe('2026-03-11T07:00:00.000Z');
  });
});

describe('quota windows', () => {
  it('minutes start on the minute; quota days at midnight Pacific time, across the clock changes', () => {
    expect(minuteStart(NOW).toISOString()).toBe('2026-03-10T18:30:00.000Z');
    expect(quotaDayStart(NOW).toISOString()).toBe('2026-03-10T07:00:00.000Z');
    expect(quotaDayStart(new Date('2026-01-15T05:00:00Z')).toISOString()).toBe('2026-01-14T08:00:00.000Z');
    // 2026-11-01 is 25 hours long in Los Angeles, 2026-03-08 23 hours.
    expect(nextQuotaDay(new Date('2026-11-01T06:30:00Z')).toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(nextQuotaDay(new Date('2026-11-01T07:30:00Z')).toISOString()).toBe('2026-11-02T08:00:00.000Z');
    expect(nextQuotaDay(new Date('2026-03-08T07:59:00Z')).toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(nextQuotaDay(new Date('2026-03-08T08:30:00Z')).toISOString()).toBe('2026-03-09T07:00:00.000Z');
  });
});
