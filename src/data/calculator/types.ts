// Shapes of the calculator's data tables (spec §3: industry profile, country profile, insight record). The numbers
// are here; the words (names, descriptions, insight panels) are the editors', in src/content/calculator.

export const INDUSTRY_CODES = ['local-services', 'healthcare', 'restaurants', 'beauty', 'legal', 'retail'] as const;
export type IndustryCode = (typeof INDUSTRY_CODES)[number];

export type Volume = 'High' | 'Medium' | 'Low';
export type MarketSize = 'large' | 'medium' | 'small' | 'global';
export type MonthName = 'Jan' | 'Feb' | 'Mar' | 'Apr' | 'May' | 'Jun' | 'Jul' | 'Aug' | 'Sep' | 'Oct' | 'Nov' | 'Dec';

export interface Stat {
  label: string;
  value: string;
  source: string;
}
export interface KeywordIdea {
  keyword: string;
  intent: string;
  volume: Volume;
}
export interface Link {
  text: string;
  url: string;
}
export interface ContentIdea {
  title: string;
  description: string;
  link: Link;
}
export interface LinkBuildingIdea {
  strategy: string;
  description: string;
  link: Link;
}

/** Insight content shown in the panel; a country record may carry any subset of the fields. */
export interface InsightContent {
  title: string;
  description: string;
  stats: Stat[];
  keywords: KeywordIdea[];
  contentIdeas: ContentIdea[];
  linkBuilding: LinkBuildingIdea[];
}
export type InsightRecord = Partial<Pick<InsightContent, 'stats' | 'keywords' | 'contentIdeas' | 'linkBuilding'>>;

export interface LocalFactors {
  reviewImportance: number;
  googleMyBusinessCritical: boolean;
  serviceAreaImportant?: boolean;
  complianceRequired?: boolean;
  trustFactorsCritical?: boolean;
  hoursImportant?: boolean;
  photosImportant?: boolean;
  beforeAfterPhotos?: boolean;
  appointmentBooking?: boolean;
  expertiseDisplay?: boolean;
  inventoryImportant?: boolean;
  localCompetition?: boolean;
}

/** The numbers the engine needs; small enough to ship to the browser. Name, icon and description are content. */
export interface IndustryCore {
  code: IndustryCode;
  multiplier: number;
  competition: 'medium' | 'high';
  avgTraffic: number;
  avgCustomerValue: number;
  conversionRate: number;
  seasonality: boolean;
  peakMonths: MonthName[];
  businessCount: Record<'us' | 'uk' | 'ca' | 'au' | 'de', number>;
  localFactors: LocalFactors;
}
/** The numbers of a country (§3); its name is content (src/content/calculator/country/<code>.md). */
export interface CountryProfile {
  code: string;
  flag: string;
  factor: number;
  currency: string;
  currencySymbol: string;
  currencyRate?: number;
  competition: number;
  language: string;
  marketSize: MarketSize;
  timezone: string;
  businessHours: string;
  localSearchTrends: { peakHours: string; mobileShare: number; reviewImportance: number };
}
