// The "local insights" block of an analysis: landscape, competition and search habits of the market.
// The sentences are content (src/content/calculator-ui/ui.yaml, insights); which one applies is decided here.
import type { CalculatorUi } from '../../content/_schemas/calculator-ui.ts';
import type { IndustryCore } from '../../data/calculator/types.ts';
import { fill } from '../fill.ts';
import { reviewWeight } from './recommendations.ts';
import type { LocalInsights, Market } from './types.ts';

export type InsightTexts = CalculatorUi['insights'];

// businessCount is a rough order of magnitude, so it is described in words, never quoted as a figure.
function landscape({ countryCode, country, industry, countryName, industryName }: Market, texts: InsightTexts): string {
  const count = industry.businessCount[countryCode as keyof IndustryCore['businessCount']];
  const where = country.code === 'generic' ? texts.yourArea : countryName;
  const sector = industryName.toLowerCase();
  if (count === undefined) return fill(texts.landscapeUnknown, { sector, where });
  const crowd = count >= 300_000 ? texts.crowd.large : count >= 100_000 ? texts.crowd.medium : texts.crowd.small;
  return fill(texts.landscape, { country: countryName, crowd, sector });
}

// Only the spec's 60% is quoted; the country weights above it are shown as words, not invented figures.
function mobileLabel(share: number, texts: InsightTexts): string {
  if (share <= 0.6) return texts.mobile.about;
  return share <= 0.75 ? texts.mobile.over : texts.mobile.wellOver;
}

/** Market facts that frame the scores; no statistic beyond the spec's own figures. */
export function localInsightsFor(market: Market, texts: InsightTexts): LocalInsights {
  const { country, industry } = market;
  const weight = reviewWeight(country, industry);
  const factors = industry.localFactors;
  const tips = [
    factors.googleMyBusinessCritical ? texts.tips.profile : '',
    factors.trustFactorsCritical ? texts.tips.trust : '',
    factors.serviceAreaImportant ? texts.tips.serviceArea : '',
    factors.hoursImportant ? texts.tips.hours : '',
    factors.appointmentBooking ? texts.tips.booking : '',
    fill(texts.tips.peak, { hours: country.localSearchTrends.peakHours }),
  ].filter(Boolean);
  return {
    businessLandscape: landscape(market, texts),
    competitionLevel:
      country.competition < 1.1 && industry.competition === 'high'
        ? texts.competition.high
        : industry.competition === 'high'
          ? texts.competition.mediumHigh
          : texts.competition.medium,
    avgPerformance: texts.avgPerformance,
    localTips: tips,
    peakSearchTimes: country.localSearchTrends.peakHours,
    mobileSearchShare: mobileLabel(country.localSearchTrends.mobileShare, texts),
    reviewImportance:
      weight > 0.9
        ? texts.reviewImportance.veryHigh
        : weight > 0.8
          ? texts.reviewImportance.high
          : texts.reviewImportance.medium,
  };
}
