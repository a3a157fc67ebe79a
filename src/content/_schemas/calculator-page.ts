// Schema of what every calculator page shows around the calculator (src/content/calculator-page/page.yaml): the
// titles and snippets of the four kinds of page, section headings, the insights panel's labels, statistics and the
// content ideas shared by all countries, the marketing and call-to-action blocks (spec §2.8).
import { z } from 'astro/zod';
import { idea, strategy } from './calculator.ts';
import { seoDescription } from './seo.ts';
import { template, text } from './text.ts';

const stat = z.object({ value: text('Figure, e.g. 97%'), label: text('What the figure means'), source: text('Where the figure comes from') }).strict();
const WHERE = 'country|countryInText';

export const calculatorPageSchema = z
  .object({
    variants: z
      .object({
        generic: z
          .object({
            title: template('Browser-tab title of the generic page, before the brand', 'tool'),
            description: seoDescription('Search snippet of the generic page'),
            about: text('Heading of "About local SEO" on the generic page'),
          })
          .strict()
          .describe('The generic page (/tools/local-seo-calculator)'),
        country: z
          .object({
            title: template('Browser-tab title of a country page, before the brand', 'tool', WHERE),
            description: template('Search snippet of a country page (70 to 160 characters once filled in)', WHERE),
            line: template('Line under the main heading of a country page', WHERE),
            about: template('Heading of "About local SEO" on a country page', WHERE),
          })
          .strict()
          .describe('A country page (30 of them)'),
        industry: z
          .object({
            title: template('Browser-tab title of an industry page, before the brand', 'tool', 'industry'),
            description: template('Search snippet of an industry page (70 to 160 characters once filled in)', 'audience'),
            line: template('Line under the main heading of an industry page', 'industry'),
            about: template('Heading of "About local SEO" on an industry page', 'industry'),
          })
          .strict()
          .describe('An industry page (6 of them)'),
        pair: z
          .object({
            title: template('Browser-tab title of a country-and-industry page, before the brand', 'tool', 'industry', WHERE),
            shortTitle: template('Shorter title, used when the title would pass 60 characters', 'tool', 'industry', WHERE),
            description: template('Search snippet of a country-and-industry page (70 to 160 characters once filled in)', 'audience', WHERE),
            line: template('Line under the main heading of a country-and-industry page', 'industry', WHERE),
            about: template('Heading of "About local SEO" on a country-and-industry page', 'industry', WHERE),
          })
          .strict()
          .describe('A country-and-industry page'),
      })
      .strict()
      .describe('Titles, snippets and headings of the generic, country, industry and country-and-industry pages'),
    withBrand: template('Title with the brand, used where it fits in 60 characters', 'title'),
    benefitsLabel: text('Name of the benefits beside the calculator for screen readers'),
    faqHeading: text('FAQ heading'),
    marketing: z
      .object({
        heading: text('Marketing block heading'),
        points: z.array(z.object({ title: text('Marketing point heading'), text: text('Marketing point text') }).strict()).length(3, 'The marketing block has exactly three points (spec: 0.5s load, content that ranks, 30-day plan)').describe('The three marketing points'),
      })
      .strict()
      .describe('Marketing block under the calculator'),
    browse: z
      .object({
        label: text('Name of the links to other calculator pages for screen readers'),
        byCountry: text('Heading of the country links'),
        byCountryForIndustry: text('Heading of the country links on an industry page'),
        byIndustry: text('Heading of the industry links'),
        byIndustryInCountry: text('Heading of the industry links on a country page'),
        generic: text('Link to the generic calculator'),
      })
      .strict()
      .describe('Links to the other calculator pages'),
    cta: z.object({ heading: text('Call-to-action heading'), text: text('Call-to-action paragraph'), button: text('Call-to-action button') }).strict().describe('Call-to-action block at the end of the page'),
    panel: z
      .object({
        bestPractices: z
          .object({
            heading: text('Heading of the panel before an industry is chosen'),
            tips: z.array(z.object({ lead: text('Tip in bold'), text: text('Tip text') }).strict()).length(3, 'The best practices show exactly three tips').describe('The three best-practice tips'),
            prompt: text('Prompt above the industry links'),
          })
          .strict()
          .describe('Best-practices panel shown before an industry is chosen'),
        keywords: text('Keyword table heading'),
        columns: z.object({ keyword: text('Table column: keyword'), intent: text('Table column: intent'), volume: text('Table column: volume') }).strict().describe('Column headings of the keyword table'),
        contentIdeas: text('Content ideas heading'),
        linkBuilding: text('Link-building heading'),
        ideaLink: text('Link under each content idea (to sign-up)'),
        strategyLink: text('Link under an industry’s link-building strategy (to the calculator)'),
        stats: z
          .object({
            industry: z.array(stat).length(3, 'The panel shows exactly three statistic cards').describe('Statistic cards of an industry panel'),
            local: z.array(stat).length(3, 'The panel shows exactly three statistic cards').describe('Statistic cards when the country has its own keyword ideas'),
          })
          .strict()
          .describe('Statistic cards of the insights panel'),
      })
      .strict()
      .describe('Labels, tips and statistics of the insights panel'),
    local: z
      .object({
        'local-services': z
          .object({
            contentIdeas: z.array(idea).min(1, 'Give at least one content idea').describe('Content ideas for local services in every country ({country} is its name)'),
            linkBuilding: z.array(strategy).min(1, 'Give at least one strategy').describe('Link building for local services in the countries with a market profile ({country} is its name)'),
          })
          .strict()
          .describe('Local services in every country'),
        healthcare: z
          .object({ contentIdeas: z.array(idea).min(1, 'Give at least one content idea').describe('Content ideas for healthcare in every country but the United States ({country} is its name)') })
          .strict()
          .describe('Healthcare in every country but the United States'),
      })
      .strict()
      .describe('Insights shared by the country pages, filled with the country’s name; a country file’s own replace them'),
  })
  .strict();

export type CalculatorPage = z.infer<typeof calculatorPageSchema>;
