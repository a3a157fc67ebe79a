import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/lib/calculator/analyze.ts';
import { resolveMarket } from '../../../src/lib/calculator/resolve.ts';
import type { Answers } from '../../../src/lib/calculator/types.ts';
import { NAMES, UI } from './ui-copy.ts';

const answers = (
  businessType: string,
  serviceArea: string,
  currentSituation: string,
  competition: string,
): Answers => ({ businessType, serviceArea, currentSituation, competition });

describe('traffic (spec 9.3)', () => {
  it('us local-services: 1200 * 0.5 * area 1 * large 2.5 * medium 1 now, 2.5 instead of competition for the potential', () => {
    const { traffic } = analyze(
      answers('local-services', 'single-city', 'basic-website', 'medium'),
      resolveMarket('us', 'local-services', NAMES),
      UI,
    );

    expect(traffic).toMatchObject({ current: 1500, potential: 7500, increase: 6000 });
  });

  it('uk healthcare: metro-area 2.5, large 2.5, high competition 0.8', () => {
    // 1500*2.5*2.5 = 9375; now 9375*0.39*0.8 = 2925; potential 9375*0.81*2.5 = 18984.4
    const { traffic } = analyze(
      answers('healthcare', 'metro-area', 'some-seo', 'high'),
      resolveMarket('uk', 'healthcare', NAMES),
      UI,
    );

    expect(traffic).toMatchObject({ current: 2925, potential: 18984 });
  });

  it('ca legal: county-wide 5, medium market 1, low competition 1.2', () => {
    // 600*5*1 = 3000; now 3000*0.17*1.2 = 612; potential 3000*0.83*2.5 = 6225
    const { traffic } = analyze(
      answers('legal', 'county-wide', 'no-website', 'low'),
      resolveMarket('ca', 'legal', NAMES),
      UI,
    );

    expect(traffic).toMatchObject({ current: 612, potential: 6225 });
  });

  it('se retail: multi-county 15, small market 0.6, very-high competition 0.6', () => {
    // current = 105*0.4*0.9/(1.5/1.2) = 30.24 -> 30; 1800*15*0.6 = 16200; now 16200*0.30*0.6 = 2916
    const { scores, traffic } = analyze(
      answers('retail', 'multi-county', 'good-seo', 'very-high'),
      resolveMarket('se', 'retail', NAMES),
      UI,
    );

    expect(scores.current).toBe(30);
    expect(traffic.current).toBe(2916);
  });
});

describe('revenue (spec 9.3)', () => {
  it('us local-services: traffic * 0.08 * 300 * price 1 * rate 1 * area 1 * large 2.5, potential * 1.1', () => {
    const { revenue } = analyze(
      answers('local-services', 'single-city', 'basic-website', 'medium'),
      resolveMarket('us', 'local-services', NAMES),
      UI,
    );

    expect(revenue).toEqual({
      current: 90_000,
      potential: 495_000,
      increase: 405_000,
      currency: 'USD',
      currencySymbol: '$',
    });
  });

  it('uk healthcare converts to GBP at 0.79 with price factor 0.8 and metro-area 4', () => {
    // per visit 0.05*500*0.8*0.79*4*2.5 = 158; now 2925*158*0.8 = 369720; potential 18984*158*1.1 = 3299419.2
    const { revenue } = analyze(
      answers('healthcare', 'metro-area', 'some-seo', 'high'),
      resolveMarket('uk', 'healthcare', NAMES),
      UI,
    );

    expect(revenue).toMatchObject({ current: 369_720, potential: 3_299_419, currency: 'GBP', currencySymbol: '£' });
  });

  it('ca legal converts to CAD at 1.35 with price factor 0.85, county-wide 8 and medium market 1.5', () => {
    // per visit 0.03*2000*0.85*1.35*8*1.5 = 826.2; now 612*826.2*1.2 = 606761.3; potential 6225*826.2*1.1 = 5657404.5
    const { revenue } = analyze(
      answers('legal', 'county-wide', 'no-website', 'low'),
      resolveMarket('ca', 'legal', NAMES),
      UI,
    );

    expect(revenue.currency).toBe('CAD');
    expect(revenue.current).toBe(606_761);
    expect(Math.abs(revenue.potential - 5_657_405)).toBeLessThanOrEqual(1);
  });

  it('keeps amounts in USD for a country without a currency rate (Sweden)', () => {
    // per visit 0.06*120*0.85*1*25*1 = 153; now 2916*153*0.6 = 267688.8
    const { revenue } = analyze(
      answers('retail', 'multi-county', 'good-seo', 'very-high'),
      resolveMarket('se', 'retail', NAMES),
      UI,
    );

    expect(revenue).toMatchObject({ current: 267_689, currency: 'USD', currencySymbol: '$' });
  });

  it('converts to JPY at 150 with price factor 0.6', () => {
    // jp factor 0.7: current = 50*0.7 = 35; traffic 1200*2.5*0.35 = 1050; revenue 1050*0.08*300*0.6*150*2.5 = 5670000
    const { revenue } = analyze(
      answers('local-services', 'single-city', 'basic-website', 'medium'),
      resolveMarket('jp', 'local-services', NAMES),
      UI,
    );

    expect(revenue).toMatchObject({ current: 5_670_000, currency: 'JPY', currencySymbol: '¥' });
  });
});
