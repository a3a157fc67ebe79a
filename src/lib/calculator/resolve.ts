// §5 fallbacks: an unknown country computes as generic, an unknown industry as local-services.
import { COUNTRIES } from '../../data/calculator/countries.ts';
import { INDUSTRY_CORES } from '../../data/calculator/industries.ts';
import type { CountryProfile, IndustryCode, IndustryCore } from '../../data/calculator/types.ts';
import { FALLBACK } from './constants.ts';
import type { Market, MarketNames } from './types.ts';

/** The country profile for a code, or the generic one. */
export function resolveCountry(code: string | undefined): CountryProfile {
  return (
    (code && Object.hasOwn(COUNTRIES, code) ? COUNTRIES[code] : undefined) ??
    (COUNTRIES[FALLBACK.country] as CountryProfile)
  );
}

/** The industry profile for a code, or local-services. */
export function resolveIndustry(code: string | undefined): IndustryCore {
  return code && Object.hasOwn(INDUSTRY_CORES, code)
    ? INDUSTRY_CORES[code as IndustryCode]
    : INDUSTRY_CORES[FALLBACK.industry];
}

/** The market the engine computes against; the requested code is kept for the price factor. */
export function resolveMarket(
  countryCode: string | undefined,
  industryCode: string | undefined,
  names: MarketNames,
): Market {
  const country = resolveCountry(countryCode);
  const industry = resolveIndustry(industryCode);
  return {
    countryCode: countryCode ?? FALLBACK.country,
    country,
    industry,
    countryName: names.countries[country.code] ?? '',
    industryName: names.industries[industry.code] ?? '',
  };
}
