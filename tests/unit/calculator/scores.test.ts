import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/lib/calculator/analyze.ts';
import { clampScore } from '../../../src/lib/calculator/scores.ts';
import { resolveMarket } from '../../../src/lib/calculator/resolve.ts';
import type { Answers } from '../../../src/lib/calculator/types.ts';
import { NAMES, UI } from './ui-copy.ts';

const answers = (
  businessType: string,
  serviceArea: string,
  currentSituation: string,
  competition: string,
): Answers => ({ businessType, serviceArea, currentSituation, competition });

describe('scores (spec 9.3)', () => {
  it('us local-services, single-city, basic-website, medium: current (30+20)*1*1/1 = 50, potential 110*1.1 capped at 100', () => {
    const result = analyze(
      answers('local-services', 'single-city', 'basic-website', 'medium'),
      resolveMarket('us', 'local-services', NAMES),
      UI,
    );

    expect(result.scores).toMatchObject({ current: 50, potential: 100, improvement: 50 });
  });

  it('uk healthcare, metro-area, some-seo, high: current 80*0.8*0.8/1.3 = 39, potential 110*0.8*0.8*1.5/1.3 = 81', () => {
    const result = analyze(
      answers('healthcare', 'metro-area', 'some-seo', 'high'),
      resolveMarket('uk', 'healthcare', NAMES),
      UI,
    );

    expect(result.scores).toMatchObject({ current: 39, potential: 81, improvement: 42 });
  });

  it('divides the competition factor by the country competition: ca legal, county-wide, no-website, low', () => {
    // competition = 0.8 / 1.1; current = 30*0.6*0.7/(0.8/1.1) = 17.3; potential = 110*0.6*0.7*1.3/(0.8/1.1) = 82.6
    const result = analyze(
      answers('legal', 'county-wide', 'no-website', 'low'),
      resolveMarket('ca', 'legal', NAMES),
      UI,
    );

    expect(result.scores).toMatchObject({ current: 17, potential: 83, improvement: 66 });
  });

  it('uses the multi-county area 0.4 and very-high competition 1.5', () => {
    // current = (30+75)*0.4*1/1.5 = 28; potential = 110*0.4*1*1.0/1.5 = 29.3
    const result = analyze(
      answers('beauty', 'multi-county', 'good-seo', 'very-high'),
      resolveMarket('us', 'beauty', NAMES),
      UI,
    );

    expect(result.scores).toMatchObject({ current: 28, potential: 29, improvement: 1 });
  });

  it('caps the current score at 100', () => {
    // (30+75)*1*1/0.8 = 131.25
    const result = analyze(
      answers('local-services', 'single-city', 'good-seo', 'low'),
      resolveMarket('us', 'local-services', NAMES),
      UI,
    );

    expect(result.scores.current).toBe(100);
  });

  it('clamps any score into 0-100', () => {
    expect([clampScore(-5), clampScore(42.5), clampScore(140)]).toEqual([0, 42.5, 100]);
  });

  it('blends the sub-scores from the current score and the situation base, clamped', () => {
    // current 50, situation 20: gmb .8*50+.2*20+10, citations .7*50+.3*20+5, reviews .9*50+10, keywords .5*50+.6*20, speed .3*50+.6*20+25
    const result = analyze(
      answers('local-services', 'single-city', 'basic-website', 'medium'),
      resolveMarket('us', 'local-services', NAMES),
      UI,
    );

    expect(result.scores).toMatchObject({ gmb: 54, citations: 46, reviews: 55, keywords: 37, speed: 52 });
  });

  it('keeps sub-scores at 100 at most', () => {
    const result = analyze(
      answers('local-services', 'single-city', 'good-seo', 'low'),
      resolveMarket('us', 'local-services', NAMES),
      UI,
    );

    expect(
      Math.max(
        result.scores.gmb,
        result.scores.citations,
        result.scores.reviews,
        result.scores.keywords,
        result.scores.speed,
      ),
    ).toBe(100);
  });
});
