// The "local insights" block of an analysis: landscape, competition and search habits of the market.
import type { CountryProfile, IndustryCore } from '../../data/calculator/types.ts';
import { reviewWeight } from './recommendations.ts';
import type { LocalInsights } from './types.ts';

// businessCount is a rough order of magnitude, so it is described in words, never quoted as a figure.
function landscape(countryCode: string, country: CountryProfile, industry: IndustryCore): string {
  const count = industry.businessCount[countryCode as keyof IndustryCore['businessCount']];
  const where = country.code === 'generic' ? 'your area' : country.name;
  const name = industry.name.toLowerCase();
  if (count === undefined) return `Businesses in the ${name} sector in ${where} compete for the same local searches.`;
  const crowd = count >= 300_000 ? 'a crowded field of' : count >= 100_000 ? 'many' : 'a focused group of';
  return `${country.name} has ${crowd} businesses in the ${name} sector competing for local searches.`;
}

// Only the spec's 60% is quoted; the country weights above it are shown as words, not invented figures.
function mobileLabel(share: number): string {
  if (share <= 0.6) return 'About 60%';
  return share <= 0.75 ? 'Over 60%' : 'Well over 60% (mobile-first market)';
}

/** Market facts that frame the scores; no statistic beyond the spec's own figures. */
export function localInsightsFor(countryCode: string, country: CountryProfile, industry: IndustryCore): LocalInsights {
  const weight = reviewWeight(country, industry);
  const tips = [
    industry.localFactors.googleMyBusinessCritical ? 'Your Google Business Profile is the first thing searchers see: keep it complete.' : '',
    industry.localFactors.trustFactorsCritical ? 'Show credentials, guarantees and real reviews near every call to action.' : '',
    industry.localFactors.serviceAreaImportant ? 'List every area you serve on your profile and your site.' : '',
    industry.localFactors.hoursImportant ? 'Searchers check opening hours before they visit: keep them exact.' : '',
    industry.localFactors.appointmentBooking ? 'Online booking turns a search into a visit without a phone call.' : '',
    `Search demand peaks around ${country.localSearchTrends.peakHours} local time.`,
  ].filter(Boolean);
  return {
    businessLandscape: landscape(countryCode, country, industry),
    competitionLevel: country.competition < 1.1 && industry.competition === 'high' ? 'High' : industry.competition === 'high' ? 'Medium to high' : 'Medium',
    avgPerformance: 'An average local business scores about 55 out of 100.',
    localTips: tips,
    peakSearchTimes: country.localSearchTrends.peakHours,
    mobileSearchShare: mobileLabel(country.localSearchTrends.mobileShare),
    reviewImportance: weight > 0.9 ? 'Very high' : weight > 0.8 ? 'High' : 'Medium',
  };
}
