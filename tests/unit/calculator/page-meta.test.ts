import { describe, expect, it } from 'vitest';
import { INDUSTRY_CODES, PAGE_COUNTRY_CODES } from '../../../src/data/calculator/codes.ts';
import { pageDescription, pageTitle, type Variant } from '../../../src/pages/_components/calculator/meta.ts';
import { DESCRIPTION_MAX, DESCRIPTION_MIN, TITLE_MAX, textLength } from '../../../src/lib/seo/limits.ts';
import { WORDS } from './ui-copy.ts';

const TOOL = 'Local SEO Calculator';
const countries = [
  undefined,
  ...PAGE_COUNTRY_CODES.map((code) => WORDS.country(code)).map((c) => ({
    name: c.name,
    inText: c.nameInText || c.name,
  })),
];
const industries = [
  undefined,
  ...INDUSTRY_CODES.map((code) => WORDS.industry(code)).map((i) => ({ name: i.name, audience: i.audience })),
];
const VARIANTS: Variant[] = countries.flatMap((country) =>
  industries.map((industry) => ({ path: '/', tool: TOOL, ...(country && { country }), ...(industry && { industry }) })),
);
const title = (v: Variant) => pageTitle(v, WORDS.page).title;
const description = (v: Variant) => pageDescription(v, WORDS.page);

describe('calculator page titles and descriptions, from src/content/calculator-page/page.yaml', () => {
  it('covers every country and industry name, and none are blank', () => {
    expect(VARIANTS).toHaveLength(31 * 7);
    expect(countries.slice(1).every((c) => c?.name)).toBe(true);
  });

  it('keeps every title within 60 characters, the longest names included', () => {
    const long = VARIANTS.map(title).filter((text) => textLength(text) > TITLE_MAX);

    expect(long).toEqual([]);
  });

  it('keeps every description between 70 and 160 characters', () => {
    const outside = VARIANTS.map(description).filter(
      (text) => textLength(text) < DESCRIPTION_MIN || textLength(text) > DESCRIPTION_MAX,
    );

    expect(outside).toEqual([]);
  });

  it('gives every variant its own title and description', () => {
    expect(new Set(VARIANTS.map(title)).size).toBe(VARIANTS.length);
    expect(new Set(VARIANTS.map(description)).size).toBe(VARIANTS.length);
  });

  it('names the industry and the country in whole words, with the brand where it fits', () => {
    const japan = { name: 'Japan', inText: 'Japan' };
    const czechia = { name: 'Czech Republic', inText: 'the Czech Republic' };
    expect(
      title({ path: '/', tool: TOOL, country: japan, industry: { name: 'Retail', audience: 'retail stores' } }),
    ).toBe('Local SEO Calculator for Retail in Japan | Inkpilot');
    expect(
      title({
        path: '/',
        tool: TOOL,
        country: czechia,
        industry: { name: 'Beauty & Wellness', audience: 'beauty and wellness businesses' },
      }),
    ).toBe('Local SEO Calculator for Beauty & Wellness – Czech Republic');
    expect(
      description({
        path: '/',
        tool: TOOL,
        country: { name: 'United Kingdom', inText: 'the United Kingdom' },
        industry: { name: 'Legal Services', audience: 'law firms' },
      }),
    ).toMatch(/^Free local SEO calculator for law firms in the United Kingdom: /);
  });

  it('stops the build, naming the file and field, when no wording fits in 60 characters', () => {
    const long = {
      name: 'The United Kingdom of Great Britain and Northern Ireland',
      inText: 'the United Kingdom of Great Britain and Northern Ireland',
      file: 'calculator/country/uk.md',
    };

    expect(() =>
      title({ path: '/x/', tool: TOOL, country: long, industry: { name: 'Retail', audience: 'retail stores' } }),
    ).toThrow(
      /^src\/content\/calculator-page\/page\.yaml: variants\.pair\.shortTitle: the title of \/x\/ reads "Local SEO Calculator for Retail – The United Kingdom of Great Britain and Northern Ireland", 90 characters; keep titles to 60 or fewer \(shorten it, or the name in src\/content\/calculator\/country\/uk\.md\)$/,
    );
  });
});
