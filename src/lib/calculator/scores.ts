// Scores of spec §9.3: current, potential, improvement and the five sub-scores.
import type { CountryProfile, IndustryCore } from '../../data/calculator/types.ts';
import { AREA_SCORE, COMPETITION_FACTOR, FALLBACK, SITUATION_BASE } from './constants.ts';
import type { Answers, Scores } from './types.ts';

/** Keeps a score inside 0–100 (§5). */
export function clampScore(value: number): number {
  return Math.min(100, Math.max(0, value));
}

function lookup<T extends Record<string, number>>(table: T, key: string, fallback: number): number {
  return Object.hasOwn(table, key) ? (table[key as keyof T] as number) : fallback;
}

/** The three answer-driven multipliers, with the §5 fallbacks for unknown answers. */
export function answerFactors(answers: Answers, country: CountryProfile) {
  return {
    area: lookup(AREA_SCORE, answers.serviceArea, FALLBACK.area),
    situation: lookup(SITUATION_BASE, answers.currentSituation, FALLBACK.situation),
    // the competition factor is also divided by the country's competition value
    competition: lookup(COMPETITION_FACTOR, answers.competition, FALLBACK.competition) / (country.competition || 1),
  };
}

// Sub-score weights (spec leaves them open; docs/decisions.md): blends of the current score and the
// situation base, plus a floor for what every business has.
const SUB_WEIGHTS = {
  gmb: { current: 0.8, situation: 0.2, floor: 10 },
  citations: { current: 0.7, situation: 0.3, floor: 5 },
  reviews: { current: 0.9, situation: 0, floor: 10 },
  keywords: { current: 0.5, situation: 0.6, floor: 0 },
  speed: { current: 0.3, situation: 0.6, floor: 25 },
} as const;

/** Scores rounded to whole points after clamping. */
export function computeScores(answers: Answers, country: CountryProfile, industry: IndustryCore): Scores {
  const { area, situation, competition } = answerFactors(answers, country);
  const current = Math.round(clampScore(((30 + situation) * area * country.factor) / competition));
  const potential = Math.round(clampScore((110 * area * country.factor * industry.multiplier) / competition));
  const sub = (key: keyof typeof SUB_WEIGHTS) => {
    const w = SUB_WEIGHTS[key];
    return Math.round(clampScore(w.current * current + w.situation * situation + w.floor));
  };
  return {
    current,
    potential,
    improvement: clampScore(potential - current),
    gmb: sub('gmb'),
    citations: sub('citations'),
    reviews: sub('reviews'),
    keywords: sub('keywords'),
    speed: sub('speed'),
  };
}
