// The four questionnaire steps (spec §2.8, option values of §5); their words come from src/content/calculator-ui/ui.yaml.
import type { CalculatorUi } from '../../content/_schemas/calculator-ui.ts';
import { INDUSTRY_CORES } from '../../data/calculator/industries.ts';
import { INDUSTRY_CODES } from '../../data/calculator/types.ts';
import type { Answers } from '../../lib/calculator/types.ts';

export interface Question {
  field: keyof Answers;
  title: string;
  options: { value: string; label: string; hint?: string }[];
}

const optionsOf = (options: Record<string, { label: string; hint: string }>) => Object.entries(options).map(([value, { label, hint }]) => ({ value, label, ...(hint ? { hint } : {}) }));

/** The questions in order, with the option values the formulas expect and the editors' words. */
export function questionsFrom(copy: CalculatorUi['questions']): Question[] {
  return [
    {
      field: 'businessType',
      title: copy.businessType.title,
      options: INDUSTRY_CODES.map((code) => ({ value: code, label: `${INDUSTRY_CORES[code].icon} ${INDUSTRY_CORES[code].name}`, hint: INDUSTRY_CORES[code].description })),
    },
    { field: 'serviceArea', title: copy.serviceArea.title, options: optionsOf(copy.serviceArea.options) },
    { field: 'currentSituation', title: copy.currentSituation.title, options: optionsOf(copy.currentSituation.options) },
    { field: 'competition', title: copy.competition.title, options: optionsOf(copy.competition.options) },
  ];
}

/** Empty answers; a preset industry fills the business type. */
export function initialAnswers(presetIndustry?: string): Answers {
  return { businessType: presetIndustry ?? '', serviceArea: '', currentSituation: '', competition: '' };
}
