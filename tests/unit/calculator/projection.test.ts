import { describe, expect, it } from 'vitest';
import { INDUSTRY_CORES } from '../../../src/data/calculator/industries.ts';
import { analyze } from '../../../src/lib/calculator/analyze.ts';
import { projectYear, timelineFor } from '../../../src/lib/calculator/projection.ts';
import { resolveMarket } from '../../../src/lib/calculator/resolve.ts';
import { NAMES, UI } from './ui-copy.ts';

describe('12-month projection (spec 9.3)', () => {
  it('starts in January and ramps linearly to the potential over 8 months (legal has no seasonality)', () => {
    const rows = projectYear(
      { current: 100, potential: 900 },
      { current: 1000, potential: 9000 },
      INDUSTRY_CORES.legal,
    );

    expect(rows.map((r) => r.month)).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
    expect(rows.map((r) => r.traffic)).toEqual([200, 300, 400, 500, 600, 700, 800, 900, 900, 900, 900, 900]);
    expect(rows[0]).toEqual({ month: 'Jan', traffic: 200, revenue: 2000, growth: 100 });
  });

  it('multiplies the peak months of a seasonal industry by 1.3 (restaurants peak in Jun, Jul, Aug, Dec)', () => {
    const rows = projectYear(
      { current: 100, potential: 900 },
      { current: 1000, potential: 9000 },
      INDUSTRY_CORES.restaurants,
    );

    expect(rows.map((r) => r.traffic)).toEqual([200, 300, 400, 500, 600, 910, 1040, 1170, 900, 900, 900, 1170]);
    expect(rows[11]?.revenue).toBe(11_700);
  });

  it('is part of the analysis, from the current to the potential traffic', () => {
    const result = analyze(
      {
        businessType: 'local-services',
        serviceArea: 'single-city',
        currentSituation: 'basic-website',
        competition: 'medium',
      },
      resolveMarket('us', 'local-services', NAMES),
      UI,
    );

    // 1500 -> 7500; Jan 1500 + 6000/8 = 2250; Mar (peak) (1500 + 6000*3/8) * 1.3 = 4875
    expect(result.traffic.projections[0]?.traffic).toBe(2250);
    expect(result.traffic.projections[2]?.traffic).toBe(4875);
    expect(result.traffic.projections[8]?.traffic).toBe(7500);
  });
});

describe('timeline by score gap (spec 9.3)', () => {
  it.each([
    [0, '2-3 months'],
    [20, '2-3 months'],
    [21, '3-6 months'],
    [40, '3-6 months'],
    [41, '6-9 months'],
    [60, '6-9 months'],
    [61, '9-12 months'],
    [100, '9-12 months'],
  ])('a gap of %i takes %s', (gap, timeline) => {
    expect(timelineFor(gap)).toBe(timeline);
  });
});
