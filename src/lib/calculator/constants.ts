// Every constant of spec §9.3, word for word. Fallbacks are those of §5.
import type { MarketSize, MonthName } from '../../data/calculator/types.ts';

export const SERVICE_AREAS = ['single-city', 'metro-area', 'county-wide', 'multi-county'] as const;
export const SITUATIONS = ['no-website', 'basic-website', 'some-seo', 'good-seo'] as const;
export const COMPETITION_LEVELS = ['low', 'medium', 'high', 'very-high'] as const;
export type ServiceArea = (typeof SERVICE_AREAS)[number];
export type Situation = (typeof SITUATIONS)[number];
export type CompetitionLevel = (typeof COMPETITION_LEVELS)[number];

/** Score multiplier per service area. */
export const AREA_SCORE: Record<ServiceArea, number> = {
  'single-city': 1,
  'metro-area': 0.8,
  'county-wide': 0.6,
  'multi-county': 0.4,
};
export const SITUATION_BASE: Record<Situation, number> = {
  'no-website': 0,
  'basic-website': 20,
  'some-seo': 50,
  'good-seo': 75,
};
export const COMPETITION_FACTOR: Record<CompetitionLevel, number> = {
  low: 0.8,
  medium: 1,
  high: 1.3,
  'very-high': 1.5,
};

export const AREA_TRAFFIC: Record<ServiceArea, number> = {
  'single-city': 1,
  'metro-area': 2.5,
  'county-wide': 5,
  'multi-county': 15,
};
export const MARKET_TRAFFIC: Record<MarketSize, number> = { large: 2.5, medium: 1, small: 0.6, global: 15 };
export const COMPETITION_TRAFFIC: Record<CompetitionLevel, number> = {
  low: 1.2,
  medium: 1,
  high: 0.8,
  'very-high': 0.6,
};
export const POTENTIAL_TRAFFIC_COMPETITION = 2.5;

export const AREA_REVENUE: Record<ServiceArea, number> = {
  'single-city': 1,
  'metro-area': 4,
  'county-wide': 8,
  'multi-county': 25,
};
export const MARKET_REVENUE: Record<MarketSize, number> = { large: 2.5, medium: 1.5, small: 1, global: 15 };
export const POTENTIAL_REVENUE_COMPETITION = 1.1;

export const PRICE_FACTORS: Record<string, number> = {
  us: 1,
  uk: 0.8,
  ca: 0.85,
  au: 0.9,
  de: 0.75,
  fr: 0.7,
  jp: 0.6,
  in: 0.25,
  br: 0.4,
  mx: 0.35,
  it: 0.7,
  es: 0.65,
  nl: 0.8,
  se: 0.85,
  no: 0.9,
  dk: 0.85,
  fi: 0.75,
  ch: 1.1,
  at: 0.75,
};

export const CURRENCY_RATES: Record<string, number> = {
  GBP: 0.79,
  CAD: 1.35,
  AUD: 1.52,
  EUR: 0.92,
  JPY: 150,
  BRL: 4.95,
  INR: 83,
};

export const MONTHS: MonthName[] = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const RAMP_MONTHS = 8;
export const PEAK_MULTIPLIER = 1.3;

export const BENCHMARKS = [
  { label: 'Market Entry', score: 30 },
  { label: 'Average', score: 55 },
  { label: 'Top Performers', score: 85 },
] as const;

/** §5 fallbacks for an answer the tables do not know. */
export const FALLBACK = {
  country: 'generic',
  industry: 'local-services',
  area: 1,
  situation: 20,
  competition: 1,
} as const;
