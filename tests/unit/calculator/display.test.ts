import { describe, expect, it } from 'vitest';
import { INDUSTRY_INSIGHTS } from '../../../src/data/calculator/industry-insights.ts';
import { LOCAL_INSIGHTS } from '../../../src/data/calculator/insights/records.ts';
import { mergeCopy } from '../../../src/lib/calculator/copy.ts';
import { selectInsights } from '../../../src/lib/calculator/insights.ts';
import { displayKeyword } from '../../../src/lib/calculator/placeholders.ts';

describe('keyword placeholders (spec 9.4)', () => {
  it.each([
    ['plumber in [city]', 'plumber in Your City'],
    ['lawyer [state] [county]', 'lawyer Your State Your County'],
    ['clinic [locality]', 'clinic Your Area'],
    ['landscaper near [zip code]', 'landscaper near Your ZIP'],
    ['dentist [province]', 'dentist Your Province'],
    ['brunch [neighbourhood]', 'brunch Your Neighborhood'],
    ['plomero en [ciudad] [colonia]', 'plomero en Your City Your Neighborhood'],
    ['best [cuisine type] in [city]', 'best cuisine type in Your City'],
    ['[medical specialty] clinic', 'medical specialty clinic'],
    ['[specialty] lawyer', 'specialty lawyer'],
  ])('%s reads "%s"', (keyword, shown) => {
    expect(displayKeyword(keyword)).toBe(shown);
  });

  it('replaces only the first occurrence', () => {
    expect(displayKeyword('[city] plumber [city]')).toBe('Your City plumber [city]');
  });

  it('leaves German and French city placeholders as they are', () => {
    expect(displayKeyword('Zahnarzt [Stadt]')).toBe('Zahnarzt [Stadt]');
    expect(displayKeyword('plombier [ville]')).toBe('plombier [ville]');
  });
});

describe('insight selection (spec 4)', () => {
  it('takes each field the country record has and fills the rest from the industry', () => {
    const merged = selectInsights(INDUSTRY_INSIGHTS.restaurants, LOCAL_INSIGHTS.de?.restaurants);

    expect(merged.keywords[0]?.keyword).toBe('Restaurant [Stadt]');
    expect(merged.contentIdeas).toBe(INDUSTRY_INSIGHTS.restaurants.contentIdeas);
    expect(merged.title).toBe(INDUSTRY_INSIGHTS.restaurants.title);
  });

  it('uses the generic industry data when there is no record', () => {
    expect(selectInsights(INDUSTRY_INSIGHTS.beauty, LOCAL_INSIGHTS.de?.beauty)).toEqual(INDUSTRY_INSIGHTS.beauty);
  });
});

describe('insight coverage (spec 3)', () => {
  it('has local-services, healthcare and restaurants for all 30 countries, legal only for ca', () => {
    const codes = Object.keys(LOCAL_INSIGHTS);

    expect(codes).toHaveLength(30);
    expect(codes.every((c) => ['local-services', 'healthcare', 'restaurants'].every((i) => LOCAL_INSIGHTS[c]?.[i]))).toBe(true);
    expect(codes.filter((c) => LOCAL_INSIGHTS[c]?.legal)).toEqual(['ca']);
  });

  it('has no content ideas for restaurants or us healthcare, and healthcare link building only in in', () => {
    const records = Object.entries(LOCAL_INSIGHTS);

    expect(records.some(([, r]) => r.restaurants?.contentIdeas)).toBe(false);
    expect(LOCAL_INSIGHTS.us?.healthcare?.contentIdeas).toBeUndefined();
    expect(records.filter(([, r]) => r.healthcare?.linkBuilding).map(([c]) => c)).toEqual(['in']);
  });
});

describe('page text merge (spec 4)', () => {
  it('applies base, country, industry, pair in that order', () => {
    const page = mergeCopy([
      { hero: { title: 'Base', subtitle: 'Base sub' }, benefits: [{ title: 'b', description: 'base' }], faq: [{ question: 'Q1', answer: 'base' }] },
      { hero: { subtitle: 'Country sub' }, faq: [{ question: 'Q2', answer: 'country' }] },
      { hero: { subtitle: 'Industry sub' }, faq: [{ question: 'Q3', answer: 'industry' }] },
      { hero: { description: 'Pair text' }, faq: [{ question: 'Q1', answer: 'pair' }] },
    ]);

    expect(page.hero).toMatchObject({ title: 'Base', subtitle: 'Industry sub', description: 'Pair text' });
    expect(page.faq).toEqual([{ question: 'Q1', answer: 'pair' }, { question: 'Q2', answer: 'country' }, { question: 'Q3', answer: 'industry' }]);
    expect(page.benefits).toEqual([{ title: 'b', description: 'base' }]);
  });
});
