import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../src/data/calculator/countries.ts';
import { analyze } from '../../../src/lib/calculator/analyze.ts';
import { BENCHMARKS } from '../../../src/lib/calculator/constants.ts';
import { priceFactor } from '../../../src/lib/calculator/money.ts';
import { resolveCountry, resolveIndustry, resolveMarket } from '../../../src/lib/calculator/resolve.ts';
import { NAMES, UI } from './ui-copy.ts';

describe('fallbacks (spec 5)', () => {
  it('computes an unknown country as generic and an unknown industry as local-services', () => {
    expect(resolveCountry('zz').code).toBe('generic');
    expect(resolveCountry(undefined).code).toBe('generic');
    expect(resolveIndustry('plumbing').code).toBe('local-services');
    expect(resolveIndustry('toString').code).toBe('local-services');
  });

  it('uses area multiplier 1, situation 20 and competition 1 for unknown answers', () => {
    // generic: factor 1, competition 1 -> current (30+20)*1*1/1 = 50
    const result = analyze(
      { businessType: 'x', serviceArea: 'planet', currentSituation: '?', competition: 'extreme' },
      resolveMarket(undefined, 'x', NAMES),
      UI,
    );

    expect(result.scores.current).toBe(50);
    expect(result.industry).toBe('local-services');
    expect(result.country).toBe('generic');
  });

  it('takes the §9.3 price factor of the requested code, else the profile factor', () => {
    expect(priceFactor('fi', resolveCountry('fi'))).toBe(0.75);
    expect(priceFactor('be', resolveCountry('be'))).toBe(0.8);
    expect(priceFactor('ch', resolveCountry('ch'))).toBe(1.1);
  });
});

describe('constants', () => {
  it('benchmarks are Market Entry 30, Average 55, Top Performers 85', () => {
    expect(BENCHMARKS.map((b) => [b.label, b.score])).toEqual([
      ['Market Entry', 30],
      ['Average', 55],
      ['Top Performers', 85],
    ]);
  });

  it('keeps the US neutral and the country factors of §9.3', () => {
    const factors = Object.fromEntries(Object.entries(COUNTRIES).map(([code, c]) => [code, c.factor]));

    expect(COUNTRIES.us).toMatchObject({ factor: 1, competition: 1, currency: 'USD' });
    expect(factors).toMatchObject({
      uk: 0.8,
      ca: 0.7,
      au: 0.6,
      de: 0.9,
      fr: 0.8,
      jp: 0.7,
      br: 0.5,
      in: 0.4,
      it: 0.7,
      es: 0.6,
      nl: 0.8,
      se: 0.9,
      no: 0.9,
      dk: 0.9,
      ch: 1,
      at: 0.8,
      be: 0.8,
      pl: 0.5,
      cz: 0.4,
      mx: 0.4,
    });
    expect(Object.keys(COUNTRIES)).toHaveLength(22);
  });
});
