// Every content collection in one list: its folder, its files and its schema. src/content.config.ts builds Astro's
// collections from it and keystatic.config.ts builds the editor from it, so a schema has one source of truth.
import type { z } from 'astro/zod';
import { apiDocsSchema } from './api-docs.ts';
import { authSchema } from './auth.ts';
import { calculatorUiSchema } from './calculator-ui.ts';
import { calculatorPageSchema } from './calculator-page.ts';
import { calculatorBaseSchema, calculatorCountrySchema, calculatorIndustrySchema, calculatorPairSchema } from './calculator.ts';
import { landingSchema, legalSchema, toolSchema, updateSchema } from './landing.ts';
import { pricingSchema } from './pricing.ts';
import { siteSchema } from './site.ts';
import { toolsHubSchema } from './tools-hub.ts';
import { transcriptSchema, transcriptSharedSchema } from './transcript.ts';

export interface ContentArea {
  /** Collection name in Astro (getCollection/getEntry) and in the editor. */
  name: string;
  /** Editor's label for the area. */
  label: string;
  /** Folder under src/content. */
  dir: string;
  /** File format: yaml data, or markdown with front matter and a body. */
  format: 'yaml' | 'md';
  /** One fixed file (its name without extension), or many files named by their slug. */
  single?: string;
  /** Glob of the files under dir for Astro; defaults to all files of the format in dir. */
  pattern?: string;
  /** The field whose value is a file's name in the editor (a collection's entries are named by it); defaults to title. */
  slug?: string;
  /** Left out of the editor (with the reason), e.g. nested folders the editor cannot name. */
  notInEditor?: string;
  schema: z.ZodType;
}

/** Every area by collection name; the schemas keep their own types so pages get typed entries. */
export const AREAS = {
  site: { name: 'site', label: 'Header, footer and cookie banner', dir: 'site', format: 'yaml', single: 'site', schema: siteSchema },
  landing: { name: 'landing', label: 'Landing page', dir: 'landing', format: 'yaml', single: 'home', schema: landingSchema },
  pricing: { name: 'pricing', label: 'Plans and pricing page', dir: 'pricing', format: 'yaml', single: 'pricing', schema: pricingSchema },
  auth: { name: 'auth', label: 'Sign-in and sign-up pages', dir: 'auth', format: 'yaml', schema: authSchema },
  toolsHub: { name: 'toolsHub', label: 'Tools hub and coming-soon pages', dir: 'tools-hub', format: 'yaml', single: 'hub', schema: toolsHubSchema },
  tools: { name: 'tools', label: 'Tool cards', dir: 'tools', format: 'yaml', schema: toolSchema },
  legal: { name: 'legal', label: 'Legal pages', dir: 'legal', format: 'md', schema: legalSchema },
  updates: { name: 'updates', label: 'Product updates', dir: 'updates', format: 'md', schema: updateSchema },
  transcript: { name: 'transcript', label: 'Reel transcriber pages', dir: 'transcript', format: 'yaml', schema: transcriptSchema },
  transcriptShared: { name: 'transcriptShared', label: 'Reel transcriber: shared FAQ and labels', dir: 'transcript-shared', format: 'yaml', single: 'shared', schema: transcriptSharedSchema },
  apiDocs: { name: 'apiDocs', label: 'API reference page', dir: 'api-docs', format: 'md', single: 'api', schema: apiDocsSchema },
  calculatorUi: { name: 'calculatorUi', label: 'Local SEO calculator: questions, results, recommendations', dir: 'calculator-ui', format: 'yaml', single: 'ui', schema: calculatorUiSchema },
  calculatorPage: { name: 'calculatorPage', label: 'Local SEO calculator pages: titles, headings, insights panel, shared ideas', dir: 'calculator-page', format: 'yaml', single: 'page', schema: calculatorPageSchema },
  calculatorBase: { name: 'calculatorBase', label: 'Local SEO calculator: every page (heading, benefits, FAQ)', dir: 'calculator', format: 'md', single: 'base', schema: calculatorBaseSchema },
  calculatorCountries: { name: 'calculatorCountries', label: 'Local SEO calculator: countries', dir: 'calculator/country', format: 'md', slug: 'country', schema: calculatorCountrySchema },
  calculatorIndustries: { name: 'calculatorIndustries', label: 'Local SEO calculator: industries', dir: 'calculator/industry', format: 'md', slug: 'industry', schema: calculatorIndustrySchema },
  calculatorPairs: { name: 'calculatorPairs', label: 'Local SEO calculator: one country and industry', dir: 'calculator/pair', format: 'md', slug: 'pair', schema: calculatorPairSchema },
} satisfies Record<string, ContentArea>;

export const CONTENT_AREAS: ContentArea[] = Object.values(AREAS);

/** The Astro glob of an area's files, relative to its folder. */
export function areaPattern(area: ContentArea): string {
  return area.pattern ?? (area.single ? `${area.single}.${area.format}` : `*.${area.format}`);
}
