// Title, description and structured data of each calculator variant (spec §2.8 page metadata).
import { TITLE_MAX, textLength } from '../../../lib/seo/limits.ts';

export interface Variant {
  path: string;
  countryName?: string;
  industryName?: string;
  /** The tool's name: the hero title of src/content/calculator/base.md, so editing it changes every <title>. */
  tool?: string;
}

const DEFAULT_TOOL = 'Local SEO Calculator';

/** "for Healthcare in Germany", "in Germany", "for Healthcare" or "" for the generic page. */
export function variantPhrase({ countryName, industryName }: Variant): string {
  return [industryName && `for ${industryName}`, countryName && `in ${countryName}`].filter(Boolean).join(' ');
}

const BRAND = ' | Inkpilot';

/** Country names read with "the" in running text ("in the United Kingdom"). */
const WITH_ARTICLE = new Set(['United States', 'United Kingdom', 'Netherlands', 'Czech Republic']);

/** "the Netherlands", "Germany": a country name as it reads after "in". */
export function countryInText(name: string): string {
  return WITH_ARTICLE.has(name) ? `the ${name}` : name;
}

/** Who an industry's page speaks to, in running text ("law firms", not "legal services businesses"). */
const AUDIENCE: Record<string, string> = {
  'Local Services': 'local service businesses',
  Healthcare: 'healthcare practices',
  Restaurants: 'restaurants',
  'Beauty & Wellness': 'beauty and wellness businesses',
  'Legal Services': 'law firms',
  Retail: 'retail stores',
};

/**
 * A unique <title> per variant, whole within 60 characters for every country and industry name (a unit test
 * runs all of them). A country-and-industry title drops the brand, then "in", only where it would not fit.
 */
export function pageTitle({ countryName, industryName, tool = DEFAULT_TOOL }: Variant): string {
  if (countryName && industryName) {
    const phrase = `${tool} for ${industryName} in ${countryInText(countryName)}`;
    const options = [phrase + BRAND, phrase, `${tool} for ${industryName} – ${countryName}`];
    return options.find((title) => textLength(title) <= TITLE_MAX) ?? options.at(-1)!;
  }
  if (countryName) return `${tool} for ${countryInText(countryName)}${BRAND}`;
  if (industryName) return `${tool} for ${industryName}${BRAND}`;
  return `Free ${tool}${BRAND}`;
}

/** A unique meta description per variant, 70–160 characters for every country and industry name. */
export function pageDescription({ countryName, industryName }: Variant): string {
  const who = industryName ? (AUDIENCE[industryName] ?? `${industryName.toLowerCase()} businesses`) : 'local businesses';
  const where = countryName ? ` in ${countryInText(countryName)}` : '';
  return `Free local SEO calculator for ${who}${where}: your score, the traffic and revenue you could win, and what to fix first.`;
}

/** JSON-LD: a free WebPage and a SoftwareApplication offered at 0 USD. */
export function structuredData(v: Variant, site: URL): Record<string, unknown> {
  const url = new URL(v.path, site).href;
  const name = pageTitle(v).replace(BRAND, '');
  return {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'WebPage', '@id': `${url}#webpage`, url, name, description: pageDescription(v), isAccessibleForFree: true },
      {
        '@type': 'SoftwareApplication',
        '@id': `${url}#app`,
        name,
        applicationCategory: 'BusinessApplication',
        operatingSystem: 'Web',
        url,
        offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
      },
    ],
  };
}
