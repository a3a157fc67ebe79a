// The four questionnaire steps (spec §2.8, option values of §5); their words come from src/content/calculator-ui/ui.yaml,
// the industries' from src/content/calculator/industry/<code>.md.
import type { CalculatorUi } from '../../content/_schemas/calculator-ui.ts';
import type { Answers } from '../../lib/calculator/types.ts';

export interface Question {
  field: keyof Answers;
  title: string;
  options: { value: string; label: string; icon?: string; hint?: string }[];
}

/** An industry as the business-type question offers it (from src/content/calculator/industry/<code>.md). */
export interface IndustryOption {
  code: string;
  name: string;
  icon: string;
  description: string;
}

const optionsOf = (options: Record<string, { label: string; hint: string }>) =>
  Object.entries(options).map(([value, { label, hint }]) => ({ value, label, ...(hint ? { hint } : {}) }));

/** The questions in order, with the option values the formulas expect and the editors' words. */
export function questionsFrom(copy: CalculatorUi['questions'], industries: IndustryOption[]): Question[] {
  return [
    {
      field: 'businessType',
      title: copy.businessType.title,
      options: industries.map((industry) => ({
        value: industry.code,
        label: industry.name,
        icon: industry.icon,
        hint: industry.description,
      })),
    },
    { field: 'serviceArea', title: copy.serviceArea.title, options: optionsOf(copy.serviceArea.options) },
    {
      field: 'currentSituation',
      title: copy.currentSituation.title,
      options: optionsOf(copy.currentSituation.options),
    },
    { field: 'competition', title: copy.competition.title, options: optionsOf(copy.competition.options) },
  ];
}

/** Empty answers; a preset industry fills the business type. */
export function initialAnswers(presetIndustry?: string): Answers {
  return { businessType: presetIndustry ?? '', serviceArea: '', currentSituation: '', competition: '' };
}
