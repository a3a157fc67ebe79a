// Issue 17: a broken edit is refused with the field and what is allowed, in plain words. Every collection's schema
// (the same objects src/content.config.ts builds the site from) is tried with one invalid value of the kind an
// editor could type; tests/build/content-edits.test.ts shows one such refusal stopping a real build.
import { describe, expect, it } from 'vitest';
import { CONTENT_AREAS } from '../../src/content/_schemas/registry.ts';
import { contentData as data } from '../support/content-data.ts';

/** Sets a dotted path ("plans.1.name") of a parsed file. */
function set(target: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const keys = path.split('.');
  let node = target as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1)!] = value;
  return target;
}

/** One invalid edit per collection: file, field, bad value, and the words the refusal must contain. */
const BROKEN: Record<string, { file: string; field: string; value: unknown; says: RegExp }> = {
  site: { file: 'site/site.yaml', field: 'footer.copyright', value: '© Inkpilot', says: /must contain \{year\}/ },
  landing: { file: 'landing/home.yaml', field: 'hero.title', value: '', says: /Main heading must not be empty/ },
  pricing: {
    file: 'pricing/pricing.yaml',
    field: 'billing.saving',
    value: 'Save a lot',
    says: /must contain \{percent\}/,
  },
  auth: { file: 'auth/signin.yaml', field: 'benefits', value: [], says: /at least one benefit/ },
  toolsHub: {
    file: 'tools-hub/hub.yaml',
    field: 'counters',
    value: [{ value: '150+', label: 'businesses analyzed' }],
    says: /exactly three counters/,
  },
  tools: { file: 'tools/backlink-finder.yaml', field: 'status', value: 'soon', says: /"live"|'live'|live/ },
  legal: { file: 'legal/terms.md', field: 'description', value: 'Terms.', says: /70 to 160 characters/ },
  updates: { file: 'updates/2026-11-public-site.md', field: 'date', value: 'last Tuesday', says: /date/i },
  transcript: {
    file: 'transcript/reel-transcript.yaml',
    field: 'seo.title',
    value: 'A title that goes on and on far beyond what a search result can show',
    says: /60 characters or fewer/,
  },
  transcriptShared: {
    file: 'transcript-shared/shared.yaml',
    field: 'faq.items',
    value: [],
    says: /at least one shared FAQ item/,
  },
  apiDocs: { file: 'api-docs/api.md', field: 'labels.body', value: 'Body', says: /must contain \{type\}/ },
  calculatorUi: {
    file: 'calculator-ui/ui.yaml',
    field: 'questionnaire.progress',
    value: 'Question {n}',
    says: /must contain \{n\} and \{total\}/,
  },
  calculatorPage: {
    file: 'calculator-page/page.yaml',
    field: 'variants.pair.line',
    value: 'For {industry}',
    says: /must contain \{industry\} and \{country\} or \{countryInText\}/,
  },
  calculatorBase: {
    file: 'calculator/base.md',
    field: 'hero.title',
    value: '',
    says: /Main heading, also the tool name in every calculator browser-tab title must not be empty/,
  },
  calculatorCountries: {
    file: 'calculator/country/de.md',
    field: 'country',
    value: 'Germany',
    says: /Use one of the calculator's country codes: at, au, be/,
  },
  calculatorIndustries: {
    file: 'calculator/industry/healthcare.md',
    field: 'panel.titleInCountry',
    value: 'Healthcare SEO Insights',
    says: /must contain \{country\}/,
  },
  calculatorPairs: {
    file: 'calculator/pair/healthcare-de.md',
    field: 'pair',
    value: 'healthcare-germany',
    says: /industry code, a hyphen and the country code, e\.g\. healthcare-de/,
  },
};

/** More refusals of the fields editors are most likely to get wrong: area name, file, field, bad value, words. */
const MORE: [string, { file: string; field: string; value: unknown; says: RegExp }][] = [
  [
    'calculatorCountries',
    {
      file: 'calculator/country/de.md',
      field: 'name',
      value: '',
      says: /Country name, e\.g\. United Kingdom .* must not be empty/,
    },
  ],
  [
    'calculatorCountries',
    {
      file: 'calculator/country/us.md',
      field: 'local.healthcare.keywords.0.keyword',
      value: 'dentist {citty}',
      says: /placeholders in braces must be one of \{city\}, \{state\}.*square brackets, like \[Stadt\]/,
    },
  ],
  [
    'calculatorCountries',
    {
      file: 'calculator/country/us.md',
      field: 'local.healthcare.keywords.0.volume',
      value: 'Huge',
      says: /Volume is High, Medium or Low/,
    },
  ],
  [
    'calculatorIndustries',
    {
      file: 'calculator/industry/legal.md',
      field: 'industry',
      value: 'law',
      says: /Use one of the industry codes: local-services, healthcare/,
    },
  ],
  [
    'calculatorIndustries',
    { file: 'calculator/industry/legal.md', field: 'panel.keywords', value: [], says: /at least one keyword idea/ },
  ],
  [
    'calculatorPage',
    {
      file: 'calculator-page/page.yaml',
      field: 'variants.generic.description',
      value: 'Free calculator.',
      says: /70 to 160 characters/,
    },
  ],
  [
    'calculatorPage',
    { file: 'calculator-page/page.yaml', field: 'panel.stats.local', value: [], says: /exactly three statistic cards/ },
  ],
  [
    'pricing',
    {
      file: 'pricing/pricing.yaml',
      field: 'plans.2.annually',
      value: 1000,
      says: /annual price of Pro saves 16% against 12 monthly payments, but Starter saves 17%/,
    },
  ],
];

describe('content schemas refuse broken edits in plain words', () => {
  it('covers every collection', () => {
    expect(Object.keys(BROKEN).sort()).toEqual(CONTENT_AREAS.map((area) => area.name).sort());
  });

  it.each(CONTENT_AREAS.map((area) => [area.name, area] as const))(
    '%s: the file as it is passes, the broken value names its field and the rule',
    (name, area) => {
      const broken = BROKEN[name]!;
      const file = `src/content/${broken.file}`;
      expect(area.schema.safeParse(data(file)).success).toBe(true);

      const result = area.schema.safeParse(set(data(file), broken.field, broken.value));

      expect(result.success).toBe(false);
      const issue = result.error!.issues[0]!;
      expect(issue.path.join('.')).toBe(broken.field);
      expect(issue.message).toMatch(broken.says);
    },
  );

  it.each(MORE)('%s: %j is refused at its field', (name, broken) => {
    const area = CONTENT_AREAS.find((item) => item.name === name)!;

    const result = area.schema.safeParse(set(data(`src/content/${broken.file}`), broken.field, broken.value));

    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual([
      broken.field,
      expect.stringMatching(broken.says),
    ]);
  });
});
