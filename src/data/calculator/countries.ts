// Country profiles (spec §3, factors and currency rates of §9.3), built from one compact row per country. The
// names are content: src/content/calculator/country/<code>.md.
import { CURRENCY_RATES } from '../../lib/calculator/constants.ts';
import type { CountryProfile, MarketSize } from './types.ts';

type Row = [
  code: string,
  flag: string,
  factor: number,
  currency: string,
  symbol: string,
  rate: number | undefined,
  competition: number,
  language: string,
  marketSize: MarketSize,
  timezone: string,
  mobileShare: number,
  reviewImportance: number,
];

// currency rates per USD exactly as §9.3; undefined where §9.3 gives none (amounts then stay in USD).
const { GBP, CAD, AUD, EUR, JPY, BRL, INR } = CURRENCY_RATES;

const ROWS: Row[] = [
  ['generic', '🌍', 1, 'USD', '$', 1, 1, 'en', 'medium', 'UTC', 0.6, 0.85],
  ['us', '🇺🇸', 1, 'USD', '$', 1, 1, 'en', 'large', 'America/New_York', 0.6, 0.95],
  ['uk', '🇬🇧', 0.8, 'GBP', '£', GBP, 1, 'en', 'large', 'Europe/London', 0.6, 0.95],
  ['ca', '🇨🇦', 0.7, 'CAD', 'CA$', CAD, 1.1, 'en', 'medium', 'America/Toronto', 0.6, 0.95],
  ['au', '🇦🇺', 0.6, 'AUD', 'A$', AUD, 1.1, 'en', 'medium', 'Australia/Sydney', 0.6, 0.95],
  ['de', '🇩🇪', 0.9, 'EUR', '€', EUR, 1, 'de', 'large', 'Europe/Berlin', 0.6, 0.95],
  ['fr', '🇫🇷', 0.8, 'EUR', '€', EUR, 1, 'fr', 'large', 'Europe/Paris', 0.6, 0.85],
  ['jp', '🇯🇵', 0.7, 'JPY', '¥', JPY, 1, 'ja', 'large', 'Asia/Tokyo', 0.8, 0.85],
  ['br', '🇧🇷', 0.5, 'BRL', 'R$', BRL, 1.1, 'pt', 'large', 'America/Sao_Paulo', 0.8, 0.85],
  ['in', '🇮🇳', 0.4, 'INR', '₹', INR, 1.1, 'en', 'large', 'Asia/Kolkata', 0.8, 0.85],
  ['it', '🇮🇹', 0.7, 'EUR', '€', EUR, 1.1, 'it', 'medium', 'Europe/Rome', 0.7, 0.85],
  ['es', '🇪🇸', 0.6, 'EUR', '€', EUR, 1.1, 'es', 'medium', 'Europe/Madrid', 0.7, 0.85],
  ['nl', '🇳🇱', 0.8, 'EUR', '€', EUR, 1.1, 'nl', 'medium', 'Europe/Amsterdam', 0.7, 0.85],
  ['se', '🇸🇪', 0.9, 'SEK', 'kr', undefined, 1.2, 'sv', 'small', 'Europe/Stockholm', 0.7, 0.85],
  ['no', '🇳🇴', 0.9, 'NOK', 'kr', undefined, 1.2, 'no', 'small', 'Europe/Oslo', 0.7, 0.85],
  ['dk', '🇩🇰', 0.9, 'DKK', 'kr.', undefined, 1.2, 'da', 'small', 'Europe/Copenhagen', 0.7, 0.85],
  ['ch', '🇨🇭', 1, 'CHF', 'CHF', undefined, 1.2, 'de', 'small', 'Europe/Zurich', 0.7, 0.85],
  ['at', '🇦🇹', 0.8, 'EUR', '€', EUR, 1.2, 'de', 'small', 'Europe/Vienna', 0.7, 0.85],
  ['be', '🇧🇪', 0.8, 'EUR', '€', EUR, 1.2, 'nl', 'small', 'Europe/Brussels', 0.7, 0.85],
  ['pl', '🇵🇱', 0.5, 'PLN', 'zł', undefined, 1.1, 'pl', 'medium', 'Europe/Warsaw', 0.7, 0.85],
  ['cz', '🇨🇿', 0.4, 'CZK', 'Kč', undefined, 1.2, 'cs', 'small', 'Europe/Prague', 0.7, 0.85],
  ['mx', '🇲🇽', 0.4, 'MXN', 'MX$', undefined, 1.1, 'es', 'medium', 'America/Mexico_City', 0.8, 0.85],
];

function toProfile(row: Row): CountryProfile {
  const [
    code,
    flag,
    factor,
    currency,
    currencySymbol,
    currencyRate,
    competition,
    language,
    marketSize,
    timezone,
    mobileShare,
    reviewImportance,
  ] = row;
  const profile: CountryProfile = {
    code,
    flag,
    factor,
    currency,
    currencySymbol,
    competition,
    language,
    marketSize,
    timezone,
    businessHours: '9:00–18:00',
    localSearchTrends: { peakHours: '12:00–13:00 and 18:00–21:00', mobileShare, reviewImportance },
  };
  if (currencyRate !== undefined) profile.currencyRate = currencyRate;
  return profile;
}

/** Every country profile of §3, keyed by code (generic included). */
export const COUNTRIES: Record<string, CountryProfile> = Object.fromEntries(
  ROWS.map((row) => [row[0], toProfile(row)]),
);
