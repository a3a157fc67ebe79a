import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/lib/calculator/analyze.ts';
import { resolveMarket } from '../../../src/lib/calculator/resolve.ts';
import type { Answers } from '../../../src/lib/calculator/types.ts';
import { NAMES, UI } from './ui-copy.ts';

const run = (country: string, businessType: string, currentSituation: string, competition = 'medium') =>
  analyze(
    { businessType, serviceArea: 'single-city', currentSituation, competition } satisfies Answers,
    resolveMarket(country, businessType, NAMES),
    UI,
  );
const titles = (result: ReturnType<typeof run>) => result.recommendations.map((r) => r.title);

describe('recommendations (spec 9.3)', () => {
  it('puts a critical website item first when there is no website', () => {
    const first = run('us', 'retail', 'no-website').recommendations[0];

    expect(first).toMatchObject({ priority: 'critical', title: 'Launch a fast, mobile-friendly website' });
  });

  it('has no critical item when a website exists', () => {
    expect(run('us', 'retail', 'some-seo').recommendations.some((r) => r.priority === 'critical')).toBe(false);
  });

  it('recommends the business profile when the GMB score is under 50, not above', () => {
    expect(titles(run('in', 'retail', 'basic-website'))).toContain('Complete your Google Business Profile');
    expect(titles(run('us', 'retail', 'good-seo'))).not.toContain('Complete your Google Business Profile');
  });

  it('asks for reviews only when review importance is over 0.9', () => {
    expect(titles(run('fr', 'restaurants', 'basic-website'))).toContain('Ask every happy customer for a review');
    expect(titles(run('fr', 'retail', 'basic-website'))).not.toContain('Ask every happy customer for a review');
  });

  it('recommends mobile-first design only where the mobile share is over 0.75', () => {
    expect(titles(run('in', 'retail', 'basic-website'))).toContain('Design for mobile first');
    expect(titles(run('us', 'retail', 'basic-website'))).not.toContain('Design for mobile first');
  });

  it('adds compliance for industries that require it', () => {
    expect(titles(run('us', 'healthcare', 'basic-website'))).toContain('Keep marketing compliant');
    expect(titles(run('us', 'beauty', 'basic-website'))).not.toContain('Keep marketing compliant');
  });

  it('returns about 12 items, ordered critical, high, medium, low', () => {
    const order = ['critical', 'high', 'medium', 'low'];
    const items = run('in', 'healthcare', 'no-website', 'very-high').recommendations;

    expect(items.length).toBeGreaterThanOrEqual(10);
    expect(items.length).toBeLessThanOrEqual(12);
    expect(items.map((r) => order.indexOf(r.priority))).toEqual(
      items.map((r) => order.indexOf(r.priority)).sort((a, b) => a - b),
    );
  });
});

describe('local insights', () => {
  it('describes the market in words and quotes only the spec figure for mobile', () => {
    const us = run('us', 'restaurants', 'basic-website').localInsights;
    const india = run('in', 'restaurants', 'basic-website').localInsights;

    expect(us.businessLandscape).toBe(
      'United States has a crowded field of businesses in the restaurants sector competing for local searches.',
    );
    expect(us.mobileSearchShare).toBe('About 60%');
    expect(india.mobileSearchShare).toBe('Well over 60% (mobile-first market)');
  });
});
