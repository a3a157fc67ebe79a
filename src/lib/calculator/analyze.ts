// The whole analysis of spec §9.3, computed in the browser from the answers, country and industry.
import { BENCHMARKS } from './constants.ts';
import { localInsightsFor } from './local-insights.ts';
import { computeRevenue, computeTraffic } from './money.ts';
import { projectYear, timelineFor } from './projection.ts';
import { recommend } from './recommendations.ts';
import { computeScores } from './scores.ts';
import type { CalculatorUi } from '../../content/_schemas/calculator-ui.ts';
import type { AnalysisResult, Answers, Market } from './types.ts';

/** One analysis; pure, so the same inputs always give the same figures. `texts` are the words of the results (content). */
export function analyze(
  answers: Answers,
  market: Market,
  texts: Pick<CalculatorUi, 'recommendations' | 'insights'>,
): AnalysisResult {
  const { countryCode, country, industry } = market;
  const scores = computeScores(answers, country, industry);
  const traffic = computeTraffic(answers, country, industry, scores.current, scores.potential);
  const revenue = computeRevenue(answers, countryCode, country, industry, traffic);
  return {
    scores,
    traffic: { ...traffic, projections: projectYear(traffic, revenue, industry) },
    revenue,
    timeline: timelineFor(scores.improvement),
    recommendations: recommend(answers, scores, market, texts.recommendations),
    localInsights: localInsightsFor(market, texts.insights),
    country: countryCode,
    industry: industry.code,
  };
}

export { BENCHMARKS };

/** Colour band of a score: 80+, 60+, 40+ and below (§9.3). */
export function scoreBand(score: number): 'excellent' | 'good' | 'fair' | 'poor' {
  if (score >= 80) return 'excellent';
  if (score >= 60) return 'good';
  if (score >= 40) return 'fair';
  return 'poor';
}
