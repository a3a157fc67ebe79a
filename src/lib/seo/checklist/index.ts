// The on-page checklist (issue 27): one pure module, no zod, run live in the editor and on the server. Each rule says
// what it checks, how the post does, what to do, and how much it weighs; the score is the weighted share of passes
// (a warning counts half) over the rules that apply.
import { analyse } from './analysis.ts';
import { citedSources, copiedText, imageAlt, internalLinks, readability } from './rules/content.ts';
import {
  keywordCompetition,
  keywordDensity,
  keywordInHeading,
  keywordInIntro,
  keywordInMeta,
  keywordInSlug,
  keywordInTitle,
} from './rules/keyword.ts';
import { descriptionLength, headingLevels, length, noBodyH1, sectionLength, titleLength } from './rules/structure.ts';
import type { Checklist, ChecklistInput, RuleResult, RuleState } from './types.ts';

export type * from './types.ts';
export { RULE_IDS } from './types.ts';

const RULES = [
  keywordInTitle,
  keywordInIntro,
  keywordInHeading,
  keywordInSlug,
  keywordInMeta,
  titleLength,
  descriptionLength,
  noBodyH1,
  headingLevels,
  sectionLength,
  length,
  internalLinks,
  citedSources,
  imageAlt,
  readability,
  keywordDensity,
  copiedText,
  keywordCompetition,
];

const VALUE: Record<RuleState, number> = { pass: 1, warn: 0.5, fail: 0, na: 0 };

/** The score of rule results: 0–100, the weighted share of passes (warnings half) over the rules that apply. */
export function scoreOf(rules: RuleResult[]): number {
  let total = 0;
  let earned = 0;
  for (const rule of rules) {
    if (rule.state === 'na') continue;
    total += rule.weight;
    earned += rule.weight * VALUE[rule.state];
  }
  return total === 0 ? 0 : Math.round((earned * 100) / total);
}

/** Runs every rule over a post. */
export function runChecklist(input: ChecklistInput): Checklist {
  const analysis = analyse(input);
  const rules = RULES.map((rule) => rule(analysis));
  return { score: scoreOf(rules), rules };
}
