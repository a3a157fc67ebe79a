// Traffic and revenue of spec §9.3, in the country's currency.
import type { CountryProfile, IndustryCore } from '../../data/calculator/types.ts';
import {
  AREA_REVENUE,
  AREA_TRAFFIC,
  COMPETITION_TRAFFIC,
  MARKET_REVENUE,
  MARKET_TRAFFIC,
  POTENTIAL_REVENUE_COMPETITION,
  POTENTIAL_TRAFFIC_COMPETITION,
  PRICE_FACTORS,
} from './constants.ts';
import type { Answers } from './types.ts';

function pick(table: Record<string, number>, key: string): number {
  return Object.hasOwn(table, key) ? (table[key] as number) : 1;
}

/** Monthly visits now and at the potential score. */
export function computeTraffic(
  answers: Answers,
  country: CountryProfile,
  industry: IndustryCore,
  current: number,
  potential: number,
) {
  const reach = industry.avgTraffic * pick(AREA_TRAFFIC, answers.serviceArea) * MARKET_TRAFFIC[country.marketSize];
  const now = Math.round(reach * (current / 100) * pick(COMPETITION_TRAFFIC, answers.competition));
  const then = Math.round(reach * (potential / 100) * POTENTIAL_TRAFFIC_COMPETITION);
  return { current: now, potential: then, increase: then - now };
}

/** The price factor of the requested country; countries outside the §9.3 list use their profile factor. */
export function priceFactor(countryCode: string, country: CountryProfile): number {
  return PRICE_FACTORS[countryCode] ?? country.factor;
}

/** Currency shown: the country's own when §9.3 gives its rate, else amounts stay in USD. */
export function currencyOf(country: CountryProfile) {
  return country.currencyRate === undefined
    ? { currency: 'USD', currencySymbol: '$', rate: 1 }
    : { currency: country.currency, currencySymbol: country.currencySymbol, rate: country.currencyRate };
}

/** Monthly revenue from the given traffic figures. */
export function computeRevenue(
  answers: Answers,
  countryCode: string,
  country: CountryProfile,
  industry: IndustryCore,
  traffic: { current: number; potential: number },
) {
  const { currency, currencySymbol, rate } = currencyOf(country);
  const perVisit =
    industry.conversionRate *
    industry.avgCustomerValue *
    priceFactor(countryCode, country) *
    rate *
    pick(AREA_REVENUE, answers.serviceArea) *
    MARKET_REVENUE[country.marketSize];
  // current revenue reuses the traffic competition multipliers (spec leaves it open; docs/decisions.md)
  const now = Math.round(traffic.current * perVisit * pick(COMPETITION_TRAFFIC, answers.competition));
  const then = Math.round(traffic.potential * perVisit * POTENTIAL_REVENUE_COMPETITION);
  return { current: now, potential: then, increase: then - now, currency, currencySymbol };
}
