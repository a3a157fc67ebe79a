// 12-month projection and timeline of spec §9.3.
import type { IndustryCore } from '../../data/calculator/types.ts';
import { MONTHS, PEAK_MULTIPLIER, RAMP_MONTHS } from './constants.ts';
import type { ProjectionRow } from './types.ts';

interface Range {
  current: number;
  potential: number;
}

/** Jan–Dec: a straight ramp from today's figures to the potential by month 8, ×1.3 in peak months. */
export function projectYear(traffic: Range, revenue: Range, industry: IndustryCore): ProjectionRow[] {
  return MONTHS.map((month, index) => {
    const progress = Math.min(1, (index + 1) / RAMP_MONTHS);
    const peak = industry.seasonality && industry.peakMonths.includes(month) ? PEAK_MULTIPLIER : 1;
    const visits = Math.round((traffic.current + (traffic.potential - traffic.current) * progress) * peak);
    const money = Math.round((revenue.current + (revenue.potential - revenue.current) * progress) * peak);
    const growth = traffic.current > 0 ? Math.round(((visits - traffic.current) / traffic.current) * 100) : 0;
    return { month, traffic: visits, revenue: money, growth };
  });
}

/** Time to close the gap between the current and the potential score. */
export function timelineFor(gap: number): string {
  if (gap <= 20) return '2-3 months';
  if (gap <= 40) return '3-6 months';
  if (gap <= 60) return '6-9 months';
  return '9-12 months';
}
