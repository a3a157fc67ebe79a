import { describe, expect, it } from 'vitest';
import { INDUSTRIES, PAGE_COUNTRY_CODES, countryLabel } from '../../../src/data/calculator/index.ts';
import { pageDescription, pageTitle } from '../../../src/pages/_components/calculator/meta.ts';
import { DESCRIPTION_MAX, DESCRIPTION_MIN, TITLE_MAX, textLength } from '../../../src/lib/seo/limits.ts';

const countries = [undefined, ...PAGE_COUNTRY_CODES.map((code) => countryLabel(code).name)];
const industries = [undefined, ...Object.values(INDUSTRIES).map((industry) => industry.name)];
const VARIANTS = countries.flatMap((countryName) => industries.map((industryName) => ({ path: '/', countryName, industryName })));

describe('calculator page titles and descriptions', () => {
  it('covers every country and industry name, and none are blank', () => {
    expect(VARIANTS).toHaveLength(31 * 7);
    expect(countries.slice(1).every(Boolean)).toBe(true);
  });

  it('keeps every title within 60 characters, the longest names included', () => {
    const long = VARIANTS.map(pageTitle).filter((title) => textLength(title) > TITLE_MAX);

    expect(long).toEqual([]);
  });

  it('keeps every description between 70 and 160 characters', () => {
    const outside = VARIANTS.map(pageDescription).filter((text) => textLength(text) < DESCRIPTION_MIN || textLength(text) > DESCRIPTION_MAX);

    expect(outside).toEqual([]);
  });

  it('gives every variant its own title and description', () => {
    expect(new Set(VARIANTS.map(pageTitle)).size).toBe(VARIANTS.length);
    expect(new Set(VARIANTS.map(pageDescription)).size).toBe(VARIANTS.length);
  });

  it('names the industry and the country in whole words, with the brand where it fits', () => {
    expect(pageTitle({ path: '/', countryName: 'Japan', industryName: 'Retail' })).toBe('Local SEO Calculator for Retail in Japan | Inkpilot');
    expect(pageTitle({ path: '/', countryName: 'Czech Republic', industryName: 'Beauty & Wellness' })).toBe('Local SEO Calculator for Beauty & Wellness – Czech Republic');
    expect(pageDescription({ path: '/', countryName: 'United Kingdom', industryName: 'Legal Services' })).toMatch(/^Free local SEO calculator for law firms in the United Kingdom: /);
  });
});
