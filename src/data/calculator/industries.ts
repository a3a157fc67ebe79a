// Industry profiles: the §9.3 values plus local factors. Names, descriptions and insight panels are content
// (src/content/calculator/industry/<code>.md), so the browser bundle carries only these numbers.
import type { IndustryCode, IndustryCore } from './types.ts';

// businessCount: rounded order-of-magnitude estimates used only to describe the landscape ("hundreds of
// thousands"), never shown as a precise figure.
export const INDUSTRY_CORES: Record<IndustryCode, IndustryCore> = {
  'local-services': {
    code: 'local-services', multiplier: 1.1, competition: 'high', avgTraffic: 1200, avgCustomerValue: 300, conversionRate: 0.08,
    seasonality: true, peakMonths: ['Mar', 'Apr', 'May', 'Jun'],
    businessCount: { us: 1_000_000, uk: 300_000, ca: 100_000, au: 100_000, de: 300_000 },
    localFactors: { reviewImportance: 0.95, googleMyBusinessCritical: true, serviceAreaImportant: true, trustFactorsCritical: true, localCompetition: true },
  },
  healthcare: {
    code: 'healthcare', multiplier: 1.5, competition: 'high', avgTraffic: 1500, avgCustomerValue: 500, conversionRate: 0.05,
    seasonality: true, peakMonths: ['Jan', 'Sep'],
    businessCount: { us: 300_000, uk: 30_000, ca: 30_000, au: 30_000, de: 100_000 },
    localFactors: { reviewImportance: 0.9, googleMyBusinessCritical: true, complianceRequired: true, trustFactorsCritical: true, appointmentBooking: true, expertiseDisplay: true },
  },
  restaurants: {
    code: 'restaurants', multiplier: 1.2, competition: 'high', avgTraffic: 2000, avgCustomerValue: 50, conversionRate: 0.12,
    seasonality: true, peakMonths: ['Jun', 'Jul', 'Aug', 'Dec'],
    businessCount: { us: 1_000_000, uk: 100_000, ca: 100_000, au: 100_000, de: 100_000 },
    localFactors: { reviewImportance: 0.98, googleMyBusinessCritical: true, hoursImportant: true, photosImportant: true, localCompetition: true },
  },
  beauty: {
    code: 'beauty', multiplier: 1.0, competition: 'medium', avgTraffic: 800, avgCustomerValue: 80, conversionRate: 0.1,
    seasonality: true, peakMonths: ['May', 'Nov', 'Dec'],
    businessCount: { us: 1_000_000, uk: 100_000, ca: 30_000, au: 30_000, de: 100_000 },
    localFactors: { reviewImportance: 0.95, googleMyBusinessCritical: true, photosImportant: true, beforeAfterPhotos: true, appointmentBooking: true },
  },
  legal: {
    code: 'legal', multiplier: 1.3, competition: 'high', avgTraffic: 600, avgCustomerValue: 2000, conversionRate: 0.03,
    seasonality: false, peakMonths: [],
    businessCount: { us: 300_000, uk: 10_000, ca: 10_000, au: 10_000, de: 100_000 },
    localFactors: { reviewImportance: 0.85, googleMyBusinessCritical: true, complianceRequired: true, trustFactorsCritical: true, expertiseDisplay: true },
  },
  retail: {
    code: 'retail', multiplier: 1.1, competition: 'medium', avgTraffic: 1800, avgCustomerValue: 120, conversionRate: 0.06,
    seasonality: true, peakMonths: ['Nov', 'Dec'],
    businessCount: { us: 1_000_000, uk: 300_000, ca: 100_000, au: 100_000, de: 300_000 },
    localFactors: { reviewImportance: 0.85, googleMyBusinessCritical: true, hoursImportant: true, inventoryImportant: true, localCompetition: true },
  },
};
