// Schemas of the calculator pages' copy; src/content/_schemas/registry.ts names their files. One markdown file per
// layer: base.md (every page), country/<code>.md, industry/<code>.md and pair/<industry>-<code>.md. The page merges
// base → country → industry → pair (spec §4); the markdown body is an extra paragraph shown in "About local SEO".
// A country file also holds the country's name and its local keyword ideas, an industry file the industry's name,
// questionnaire answer and insights panel (spec §3 industry profile and insight record; the numbers stay in
// src/data/calculator).
import { z } from 'astro/zod';
import { INDUSTRY_CODES, PAGE_COUNTRY_CODES } from '../../data/calculator/codes.ts';
import { KEYWORD_PLACEHOLDERS } from '../../lib/calculator/placeholders.ts';
import { optionalText, template, text } from './text.ts';

const list = <T extends z.ZodType>(item: T, what: string) => z.array(item).default([]).describe(what);

const hero = z
  .object({
    title: text('Main heading, also the tool name in every calculator browser-tab title'),
    subtitle: text('Line above the heading'),
    description: text('Intro sentence'),
    keywords: z.array(z.string()).describe('Search phrases this page targets (meta keywords)'),
  })
  .strict();
const benefit = z.object({ title: text('Benefit heading'), description: text('Benefit text') }).strict();
const faqItem = z.object({ question: text('FAQ question'), answer: text('FAQ answer (plain text)') }).strict();
const insight = z.object({ title: text('Insight heading'), content: text('Insight text') }).strict();

/** What a country, industry or pair file may add to the base: every part optional, empty means "as before". */
const layer = {
  hero: z
    .object({
      title: optionalText('Main heading for these pages'),
      subtitle: optionalText('Line above the heading for these pages'),
      description: optionalText('Intro sentence for these pages'),
      keywords: list(z.string(), 'Search phrases these pages target instead of the base ones (meta keywords)'),
    })
    .strict()
    .optional()
    .describe('Heading lines that replace the base ones on these pages; leave a line empty to keep the earlier one'),
  benefits: list(benefit, 'Benefits beside the calculator; replace the earlier ones when given'),
  faq: list(faqItem, 'FAQ items added to the earlier ones (an item with the same question replaces it)'),
  insights: list(insight, 'Cards in "About local SEO", added to the earlier ones'),
};

const known = Object.keys(KEYWORD_PLACEHOLDERS);
const keyword = z
  .object({
    keyword: text('Keyword')
      .refine((value) => [...value.matchAll(/\{(\w+)\}/g)].every(([, name]) => known.includes(name!)), {
        message: `Keyword placeholders in braces must be one of ${known.map((name) => `{${name}}`).join(', ')} (the page shows them as Your City, Your State, …); write a placeholder in square brackets, like [Stadt], to show it as written`,
      })
      .describe('Keyword: {city}, {state}, {area}, {zipCode}, … show as Your City, Your State, …; [Stadt] shows as written'),
    intent: text('Search intent, e.g. Transactional, Commercial or Informational'),
    volume: z.enum(['High', 'Medium', 'Low'], { message: 'Volume is High, Medium or Low' }).describe('Search volume: High, Medium or Low (badge colour green, yellow, red)'),
  })
  .strict();
/** A content idea or a link-building strategy of an insights panel; its link is added by the page. */
export const idea = z.object({ title: text('Content idea heading'), description: text('Content idea text') }).strict();
export const strategy = z.object({ strategy: text('Link-building strategy'), description: text('Link-building text') }).strict();

/** A country's own insight record for one industry (spec §3); empty lists fall back to the industry's panel. */
const localRecord = z
  .object({
    keywords: list(keyword, 'Keyword ideas in the local language; empty shows the industry’s'),
    contentIdeas: list(idea, 'This country’s own content ideas; empty shows the shared ones of calculator-page/page.yaml or the industry’s'),
    linkBuilding: list(strategy, 'This country’s own link-building strategies; empty shows the shared ones or the industry’s'),
  })
  .strict();

const countryCode = z.enum(PAGE_COUNTRY_CODES as [string, ...string[]], { message: `Use one of the calculator's country codes: ${PAGE_COUNTRY_CODES.join(', ')}` });
const industryCode = z.enum(INDUSTRY_CODES, { message: `Use one of the industry codes: ${INDUSTRY_CODES.join(', ')}` });

/** src/content/calculator/base.md: what every calculator page shows, before the other layers. */
export const calculatorBaseSchema = z
  .object({
    hero: hero.describe('Top of every calculator page: heading, line above it, intro, meta keywords'),
    benefits: z.array(benefit).min(1, 'Give at least one benefit').describe('Benefits beside the calculator'),
    faq: z.array(faqItem).min(1, 'Give at least one FAQ question').describe('FAQ shown on every calculator page'),
    insights: list(insight, 'Cards in "About local SEO" on every calculator page'),
  })
  .strict();

/** src/content/calculator/country/<code>.md: one of the 30 countries; the file name is the code. */
export const calculatorCountrySchema = z
  .object({
    country: countryCode.describe('Country code, also the file name (e.g. de)'),
    name: text('Country name, e.g. United Kingdom (menus, headings, titles)'),
    nameInText: optionalText('Country name in running text where it needs “the”, e.g. the United Kingdom'),
    ...layer,
    local: z
      .object({
        'local-services': localRecord.describe('Local services pages of this country'),
        healthcare: localRecord.describe('Healthcare pages of this country'),
        restaurants: localRecord.describe('Restaurant pages of this country'),
        legal: localRecord.optional().describe('Legal services pages of this country (optional)'),
      })
      .strict()
      .describe('Insights panel data of this country per industry: keyword ideas, and any ideas of its own'),
  })
  .strict();

/** src/content/calculator/industry/<code>.md: one of the six industries; the file name is the code. */
export const calculatorIndustrySchema = z
  .object({
    industry: industryCode.describe('Industry code, also the file name (e.g. healthcare)'),
    name: text('Industry name, e.g. Healthcare (questionnaire, menus, headings, titles)'),
    icon: text('Emoji before the name in the questionnaire and the industry links'),
    description: text('Hint under the answer in the questionnaire'),
    audience: text('Who the pages speak to in the search snippet, e.g. law firms'),
    panel: z
      .object({
        title: text('Insights panel heading'),
        titleInCountry: template('Insights panel heading on a country page', 'country'),
        description: text('Insights panel intro'),
        keywords: z.array(keyword).min(1, 'Give at least one keyword idea').describe('Top keyword opportunities'),
        contentIdeas: z.array(idea).min(1, 'Give at least one content idea').describe('High-value content ideas'),
        linkBuilding: z.array(strategy).min(1, 'Give at least one link-building strategy').describe('Local link-building strategies'),
      })
      .strict()
      .describe('The insights panel of this industry (a country file may replace its keywords and ideas)'),
    ...layer,
  })
  .strict();

/** src/content/calculator/pair/<industry>-<code>.md: one country-and-industry page. */
export const calculatorPairSchema = z
  .object({
    pair: z
      .string()
      .refine((value) => INDUSTRY_CODES.some((industry) => PAGE_COUNTRY_CODES.some((country) => value === `${industry}-${country}`)), {
        message: `Write the industry code, a hyphen and the country code, e.g. healthcare-de (industries: ${INDUSTRY_CODES.join(', ')})`,
      })
      .describe('Industry and country code, also the file name (e.g. healthcare-de)'),
    ...layer,
  })
  .strict();

export type CalculatorBase = z.infer<typeof calculatorBaseSchema>;
export type CalculatorCountry = z.infer<typeof calculatorCountrySchema>;
export type CalculatorIndustry = z.infer<typeof calculatorIndustrySchema>;
export type CalculatorPair = z.infer<typeof calculatorPairSchema>;
export type LocalRecord = z.infer<typeof localRecord>;
