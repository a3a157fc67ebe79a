// Questionnaire answers and the analysis result (spec §3).
import type { CountryProfile, IndustryCore } from '../../data/calculator/types.ts';

export interface Answers {
  businessType: string;
  serviceArea: string;
  currentSituation: string;
  competition: string;
}

export type Priority = 'critical' | 'high' | 'medium' | 'low';

export interface Recommendation {
  priority: Priority;
  title: string;
  description: string;
  impact: string;
  timeframe: string;
  frequency: string;
}

export interface ProjectionRow {
  month: string;
  traffic: number;
  revenue: number;
  growth: number;
}

export interface Scores {
  current: number;
  potential: number;
  improvement: number;
  gmb: number;
  citations: number;
  reviews: number;
  keywords: number;
  speed: number;
}

export interface LocalInsights {
  businessLandscape: string;
  competitionLevel: string;
  avgPerformance: string;
  localTips: string[];
  peakSearchTimes: string;
  mobileSearchShare: string;
  reviewImportance: string;
}

export interface AnalysisResult {
  scores: Scores;
  traffic: { current: number; potential: number; increase: number; projections: ProjectionRow[] };
  revenue: { current: number; potential: number; increase: number; currency: string; currencySymbol: string };
  timeline: string;
  recommendations: Recommendation[];
  localInsights: LocalInsights;
  country: string;
  industry: string;
}

/** What the engine computes against: the resolved profiles, the code the visitor asked for and the profiles' names (content). */
export interface Market {
  countryCode: string;
  country: CountryProfile;
  industry: IndustryCore;
  countryName: string;
  industryName: string;
}

/** Country and industry names by code, from the content files (the page passes them to the island). */
export interface MarketNames {
  countries: Record<string, string>;
  industries: Record<string, string>;
}
