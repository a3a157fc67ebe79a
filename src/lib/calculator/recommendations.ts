// About 12 recommendations: the five triggers of spec §9.3 first, then the rest of the list (our choice).
import type { CountryProfile, IndustryCore } from '../../data/calculator/types.ts';
import type { RECOMMENDATION_IDS } from '../../content/_schemas/calculator-ui.ts';
import type { Answers, Market, Priority, Recommendation, Scores } from './types.ts';

type RecommendationId = (typeof RECOMMENDATION_IDS)[number];

const ORDER: Priority[] = ['critical', 'high', 'medium', 'low'];
export const MAX_RECOMMENDATIONS = 12;

type Rule = [when: boolean, priority: Priority, id: RecommendationId];

/** The words of each recommendation, from src/content/calculator-ui/ui.yaml ({industry} is filled in). */
export type RecommendationTexts = Record<RecommendationId, Omit<Recommendation, 'priority'>>;

/** Review weight the reviews trigger compares with 0.9: the higher of the country's and the industry's. */
export function reviewWeight(country: CountryProfile, industry: IndustryCore): number {
  return Math.max(country.localSearchTrends.reviewImportance, industry.localFactors.reviewImportance);
}

/** The recommendation list for one analysis, most urgent first, at most 12; the rules are code, the words content. */
export function recommend(
  answers: Answers,
  scores: Scores,
  { country, industry, industryName }: Market,
  texts: RecommendationTexts,
): Recommendation[] {
  const f = industry.localFactors;
  const wide = answers.serviceArea !== 'single-city';
  const crowded = answers.competition === 'high' || answers.competition === 'very-high';
  const rules: Rule[] = [
    [answers.currentSituation === 'no-website', 'critical', 'website'],
    [scores.gmb < 50, 'high', 'profile'],
    [reviewWeight(country, industry) > 0.9, 'high', 'reviews'],
    [country.localSearchTrends.mobileShare > 0.75, 'high', 'mobile'],
    [f.complianceRequired === true, 'high', 'compliance'],
    [true, 'high', 'content'],
    [answers.currentSituation !== 'good-seo', 'medium', 'keywords'],
    [true, 'medium', 'consistency'],
    [wide || f.serviceAreaImportant === true, 'medium', 'areaPages'],
    [true, 'medium', 'structuredData'],
    [true, 'medium', 'speed'],
    [crowded, 'medium', 'competitors'],
    [f.appointmentBooking === true, 'medium', 'booking'],
    [f.photosImportant === true || f.beforeAfterPhotos === true, 'low', 'photos'],
    [f.hoursImportant === true, 'low', 'hours'],
    [true, 'low', 'links'],
  ];
  return rules
    .filter(([when]) => when)
    .map(([, priority, id]) => ({
      priority,
      ...texts[id],
      description: texts[id].description.replaceAll('{industry}', industryName),
    }))
    .sort((a, b) => ORDER.indexOf(a.priority) - ORDER.indexOf(b.priority))
    .slice(0, MAX_RECOMMENDATIONS);
}
