// The calculator's words as the site builds them: src/content/calculator-ui/ui.yaml and the calculator page files,
// each checked by its schema, then assembled as the pages assemble them.
import { readdirSync } from 'node:fs';
import { calculatorPageSchema } from '../../../src/content/_schemas/calculator-page.ts';
import { calculatorUiSchema } from '../../../src/content/_schemas/calculator-ui.ts';
import {
  calculatorBaseSchema,
  calculatorCountrySchema,
  calculatorIndustrySchema,
  calculatorPairSchema,
} from '../../../src/content/_schemas/calculator.ts';
import { INDUSTRY_CODES, PAGE_COUNTRY_CODES } from '../../../src/data/calculator/codes.ts';
import { calculatorWords } from '../../../src/lib/calculator/content.ts';
import type { MarketNames } from '../../../src/lib/calculator/types.ts';
import { contentData } from '../../support/content-data.ts';

export const UI = calculatorUiSchema.parse(contentData('src/content/calculator-ui/ui.yaml'));

const folder = <T>(dir: string, schema: { parse(value: unknown): T }) =>
  readdirSync(`src/content/calculator/${dir}`).map((name) => ({
    id: name.replace(/\.md$/, ''),
    data: schema.parse(contentData(`src/content/calculator/${dir}/${name}`)),
  }));

export const WORDS = calculatorWords({
  base: calculatorBaseSchema.parse(contentData('src/content/calculator/base.md')),
  page: calculatorPageSchema.parse(contentData('src/content/calculator-page/page.yaml')),
  countries: folder('country', calculatorCountrySchema),
  industries: folder('industry', calculatorIndustrySchema),
  pairs: folder('pair', calculatorPairSchema),
});

/** Names by code, as the page passes them to the island. */
export const NAMES: MarketNames = {
  countries: Object.fromEntries(PAGE_COUNTRY_CODES.map((code) => [code, WORDS.country(code).name])),
  industries: Object.fromEntries(INDUSTRY_CODES.map((code) => [code, WORDS.industry(code).name])),
};
