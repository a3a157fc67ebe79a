// Which calculator pages exist: the six industries and every country with a profile or local insight data (spec §3).
// Each has its content file: src/content/calculator/industry/<code>.md, src/content/calculator/country/<code>.md.
import { COUNTRIES } from './countries.ts';
import { INDUSTRY_CODES } from './types.ts';

export { INDUSTRY_CODES };

/** The countries with local insight data (spec §3: 30 codes), in the order of §3. */
export const MARKET_CODES = [
  'us',
  'in',
  'mx',
  'ca',
  'uk',
  'au',
  'de',
  'fr',
  'jp',
  'br',
  'it',
  'es',
  'nl',
  'se',
  'ch',
  'pl',
  'no',
  'dk',
  'at',
  'be',
  'cz',
  'fi',
  'ie',
  'pt',
  'hu',
  'gr',
  'ro',
  'bg',
  'hr',
  'si',
] as const;

/** Countries that get pages: every code with a profile or local insight data, generic excluded, sorted. */
export const PAGE_COUNTRY_CODES: string[] = [...new Set([...Object.keys(COUNTRIES), ...MARKET_CODES])]
  .filter((code) => code !== 'generic')
  .sort();

/** Countries with a market profile (§3), generic excluded: they also get the shared local link-building ideas. */
export const PROFILE_COUNTRY_CODES: string[] = Object.keys(COUNTRIES).filter((code) => code !== 'generic');
