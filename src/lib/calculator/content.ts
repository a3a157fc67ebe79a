// The calculator's words as the pages use them, assembled from the content files (src/content/calculator*): names,
// the insights panels of spec §3 (industry insights, and each country's insight records) and the page titles. The
// page loads the files once (src/pages/_components/calculator/content.ts); unit tests read them from disk.
import type {
  CalculatorBase,
  CalculatorCountry,
  CalculatorIndustry,
  CalculatorPair,
  LocalRecord,
} from '../../content/_schemas/calculator.ts';
import type { CalculatorPage } from '../../content/_schemas/calculator-page.ts';
import { INDUSTRY_CODES, PAGE_COUNTRY_CODES, PROFILE_COUNTRY_CODES } from '../../data/calculator/codes.ts';
import type { IndustryCode, InsightContent, InsightRecord, KeywordIdea, Link } from '../../data/calculator/types.ts';
import { fill } from '../fill.ts';
import { CALCULATOR_BASE } from './paths.ts';
import { keywordFromCopy } from './placeholders.ts';

export const SIGNUP_URL = '/signup';

/** The content files, each with the name Astro gives it (its file name without extension). */
export interface CalculatorFiles {
  base: CalculatorBase;
  page: CalculatorPage;
  countries: { id: string; data: CalculatorCountry }[];
  industries: { id: string; data: CalculatorIndustry }[];
  pairs: { id: string; data: CalculatorPair }[];
}

export interface CalculatorWords {
  page: CalculatorPage;
  /** The country file of a page country. */
  country(code: string): CalculatorCountry;
  /** The industry file of one of the six industries. */
  industry(code: IndustryCode): CalculatorIndustry;
  /** The insights panel of an industry (§3 industry profile insights), without a country. */
  industryInsights: Record<IndustryCode, InsightContent>;
  /** Insight records per country, then industry (§3); only the industries the country has data for. */
  localInsights: Record<string, Partial<Record<IndustryCode, InsightRecord>>>;
}

/** A build error that names the file to open, for editors (see docs/editing.md). */
export class ContentError extends Error {
  constructor(file: string, problem: string) {
    super(`src/content/${file}: ${problem}`);
    this.name = 'ContentError';
  }
}

const keywords = (list: { keyword: string; intent: string; volume: KeywordIdea['volume'] }[]): KeywordIdea[] =>
  list.map((item) => ({ ...item, keyword: keywordFromCopy(item.keyword) }));

function industryInsights(industry: CalculatorIndustry, page: CalculatorPage): InsightContent {
  const signup: Link = { text: page.panel.ideaLink, url: SIGNUP_URL };
  const calculator: Link = { text: page.panel.strategyLink, url: CALCULATOR_BASE };
  const { panel } = industry;
  return {
    title: panel.title,
    description: panel.description,
    stats: page.panel.stats.industry,
    keywords: keywords(panel.keywords),
    contentIdeas: panel.contentIdeas.map((item) => ({ ...item, link: signup })),
    linkBuilding: panel.linkBuilding.map((item) => ({ ...item, link: calculator })),
  };
}

/**
 * One country's insight records (§3). Keywords are the country's own; content ideas and link building are the
 * country's own where its file gives some, else the shared ones of page.yaml where §3's coverage has them: content
 * ideas for local services everywhere and for healthcare outside the us, link building for local services in the
 * countries with a market profile. Restaurants get keywords only.
 */
function localRecords(
  code: string,
  country: CalculatorCountry,
  page: CalculatorPage,
): Partial<Record<IndustryCode, InsightRecord>> {
  const signup: Link = { text: page.panel.ideaLink, url: SIGNUP_URL };
  const named = <T extends Record<string, string>>(items: T[]) =>
    items.map((item) => ({
      ...(Object.fromEntries(
        Object.entries(item).map(([key, value]) => [key, fill(value, { country: country.name })]),
      ) as T),
      link: signup,
    }));
  const shared = {
    'local-services': {
      contentIdeas: page.local['local-services'].contentIdeas,
      linkBuilding: PROFILE_COUNTRY_CODES.includes(code) ? page.local['local-services'].linkBuilding : [],
    },
    healthcare: { contentIdeas: code === 'us' ? [] : page.local.healthcare.contentIdeas, linkBuilding: [] },
  } as Partial<Record<IndustryCode, Pick<LocalRecord, 'contentIdeas' | 'linkBuilding'>>>;
  const records: Partial<Record<IndustryCode, InsightRecord>> = {};
  for (const industry of INDUSTRY_CODES) {
    const own = country.local[industry as keyof CalculatorCountry['local']];
    if (!own || own.keywords.length + own.contentIdeas.length + own.linkBuilding.length === 0) continue;
    const contentIdeas = own.contentIdeas.length > 0 ? own.contentIdeas : (shared[industry]?.contentIdeas ?? []);
    const linkBuilding = own.linkBuilding.length > 0 ? own.linkBuilding : (shared[industry]?.linkBuilding ?? []);
    const record: InsightRecord = { stats: page.panel.stats.local, keywords: keywords(own.keywords) };
    if (contentIdeas.length > 0) record.contentIdeas = named(contentIdeas);
    if (linkBuilding.length > 0) record.linkBuilding = named(linkBuilding);
    records[industry] = record;
  }
  return records;
}

/** One file per code, named by its code: a missing or misnamed file stops the build, naming the file. */
function byCode<T>(
  files: { id: string; data: T }[],
  codes: readonly string[],
  folder: string,
  field: string,
  codeOf: (data: T) => string,
): Map<string, T> {
  const map = new Map<string, T>();
  for (const { id, data } of files) {
    if (codeOf(data) !== id)
      throw new ContentError(
        `${folder}/${id}.md`,
        `${field} is "${codeOf(data)}" but the file is named ${id}.md; the ${field} and the file name must be the same`,
      );
    map.set(id, data);
  }
  const missing = codes.filter((code) => !map.has(code));
  if (missing.length > 0)
    throw new ContentError(
      `${folder}/${missing[0]}.md`,
      `the file is missing; every ${field} needs one (missing: ${missing.join(', ')})`,
    );
  return map;
}

/** The calculator's words from its content files, checked to cover every page country and industry. */
export function calculatorWords(files: CalculatorFiles): CalculatorWords {
  const countries = byCode(
    files.countries,
    PAGE_COUNTRY_CODES,
    'calculator/country',
    'country',
    (data) => data.country,
  );
  const industries = byCode(
    files.industries,
    INDUSTRY_CODES,
    'calculator/industry',
    'industry',
    (data) => data.industry,
  );
  byCode(files.pairs, [], 'calculator/pair', 'pair', (data) => data.pair);
  return {
    page: files.page,
    country: (code) => countries.get(code)!,
    industry: (code) => industries.get(code)!,
    industryInsights: Object.fromEntries(
      INDUSTRY_CODES.map((code) => [code, industryInsights(industries.get(code)!, files.page)]),
    ) as Record<IndustryCode, InsightContent>,
    localInsights: Object.fromEntries(
      PAGE_COUNTRY_CODES.map((code) => [code, localRecords(code, countries.get(code)!, files.page)]),
    ),
  };
}
