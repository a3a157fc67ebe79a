import { describe, expect, it } from 'vitest';
import { mergeCopy } from '../../../src/lib/calculator/copy.ts';
import { selectInsights } from '../../../src/lib/calculator/insights.ts';
import { displayKeyword, keywordFromCopy } from '../../../src/lib/calculator/placeholders.ts';
import { WORDS } from './ui-copy.ts';

const INDUSTRY_INSIGHTS = WORDS.industryInsights;
const LOCAL_INSIGHTS = WORDS.localInsights;

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

  it("reads the content files' braces as the spec's placeholders and keeps square brackets as written", () => {
    expect(keywordFromCopy('{medicalSpecialty} clinic {city}')).toBe('[medical specialty] clinic [city]');
    expect(displayKeyword(keywordFromCopy('landscaper near {zipCode}'))).toBe('landscaper near Your ZIP');
    expect(keywordFromCopy('Klempner [Stadt] {unknown}')).toBe('Klempner [Stadt] {unknown}');
    expect(INDUSTRY_INSIGHTS.healthcare.keywords.map((k) => displayKeyword(k.keyword))).toContain(
      'medical specialty clinic Your City',
    );
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
    expect(
      codes.every((c) =>
        (['local-services', 'healthcare', 'restaurants'] as const).every((i) => LOCAL_INSIGHTS[c]?.[i]),
      ),
    ).toBe(true);
    expect(codes.filter((c) => LOCAL_INSIGHTS[c]?.legal)).toEqual(['ca']);
  });

  it('has no content ideas for restaurants or us healthcare, and healthcare link building only in in', () => {
    const records = Object.entries(LOCAL_INSIGHTS);

    expect(records.some(([, r]) => r.restaurants?.contentIdeas)).toBe(false);
    expect(LOCAL_INSIGHTS.us?.healthcare?.contentIdeas).toBeUndefined();
    expect(records.filter(([, r]) => r.healthcare?.linkBuilding).map(([c]) => c)).toEqual(['in']);
  });

  it('fills the shared ideas with the country name and gives local-services link building to the 21 profile countries', () => {
    expect(LOCAL_INSIGHTS.fi?.['local-services']?.contentIdeas?.[0]).toMatchObject({
      title: 'Service-area pages for Finland',
      link: { text: 'Plan it with Inkpilot', url: '/signup' },
    });
    expect(Object.entries(LOCAL_INSIGHTS).filter(([, r]) => r['local-services']?.linkBuilding)).toHaveLength(21);
    expect(LOCAL_INSIGHTS.ca?.legal?.contentIdeas?.map((idea) => idea.title)).toEqual(['Provincial law explainers']);
  });
});

describe('page text merge (spec 4)', () => {
  it('applies base, country, industry, pair in that order', () => {
    const page = mergeCopy([
      {
        hero: { title: 'Base', subtitle: 'Base sub' },
        benefits: [{ title: 'b', description: 'base' }],
        faq: [{ question: 'Q1', answer: 'base' }],
      },
      { hero: { subtitle: 'Country sub' }, faq: [{ question: 'Q2', answer: 'country' }] },
      { hero: { subtitle: 'Industry sub' }, faq: [{ question: 'Q3', answer: 'industry' }] },
      { hero: { description: 'Pair text' }, faq: [{ question: 'Q1', answer: 'pair' }] },
    ]);

    expect(page.hero).toMatchObject({ title: 'Base', subtitle: 'Industry sub', description: 'Pair text' });
    expect(page.faq).toEqual([
      { question: 'Q1', answer: 'pair' },
      { question: 'Q2', answer: 'country' },
      { question: 'Q3', answer: 'industry' },
    ]);
    expect(page.benefits).toEqual([{ title: 'b', description: 'base' }]);
  });
});
