// The calculator's data tables in one import for pages (the island imports only what it needs).
import { COUNTRIES } from './countries.ts';
import { INDUSTRY_CORES } from './industries.ts';
import { INDUSTRY_INSIGHTS } from './industry-insights.ts';
import { MARKETS } from './insights/markets.ts';
import { LOCAL_INSIGHTS } from './insights/records.ts';
import { INDUSTRY_CODES, type IndustryCode, type IndustryProfile } from './types.ts';

export { COUNTRIES, INDUSTRY_CORES, INDUSTRY_INSIGHTS, LOCAL_INSIGHTS, MARKETS, INDUSTRY_CODES };

/** Full industry profiles (numbers + insights), keyed by code. */
export const INDUSTRIES: Record<IndustryCode, IndustryProfile> = Object.fromEntries(
  INDUSTRY_CODES.map((code) => [code, { ...INDUSTRY_CORES[code], insights: INDUSTRY_INSIGHTS[code] }]),
) as Record<IndustryCode, IndustryProfile>;

/** Countries that get pages: every code with a profile or local insight data, generic excluded, sorted. */
export const PAGE_COUNTRY_CODES: string[] = [...new Set([...Object.keys(COUNTRIES), ...Object.keys(LOCAL_INSIGHTS)])]
  .filter((code) => code !== 'generic')
  .sort();

/** Display name and flag of any page country, from its profile or else its insight market row. */
export function countryLabel(code: string): { name: string; flag: string } {
  const profile = COUNTRIES[code];
  if (profile) return { name: profile.name, flag: profile.flag };
  const market = MARKETS.find((m) => m.code === code);
  return market ? { name: market.name, flag: market.flag } : { name: 'Global', flag: '🌍' };
}

/** True when the code is one of the six industries. */
export function isIndustryCode(code: string | undefined): code is IndustryCode {
  return (INDUSTRY_CODES as readonly string[]).includes(code ?? '');
}
