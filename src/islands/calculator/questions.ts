// The four questionnaire steps (spec §2.8, option values of §5).
import { INDUSTRY_CORES } from '../../data/calculator/industries.ts';
import { INDUSTRY_CODES } from '../../data/calculator/types.ts';
import type { Answers } from '../../lib/calculator/types.ts';

export interface Question {
  field: keyof Answers;
  title: string;
  options: { value: string; label: string; hint?: string }[];
}

export const QUESTIONS: Question[] = [
  {
    field: 'businessType',
    title: 'What type of business do you run?',
    options: INDUSTRY_CODES.map((code) => ({ value: code, label: `${INDUSTRY_CORES[code].icon} ${INDUSTRY_CORES[code].name}`, hint: INDUSTRY_CORES[code].description })),
  },
  {
    field: 'serviceArea',
    title: 'How large is the area you serve?',
    options: [
      { value: 'single-city', label: 'Single city', hint: 'One town or city' },
      { value: 'metro-area', label: 'Metro area', hint: 'A city and its suburbs' },
      { value: 'county-wide', label: 'County-wide', hint: 'A whole county or region' },
      { value: 'multi-county', label: 'Multiple counties', hint: 'Several counties or regions' },
    ],
  },
  {
    field: 'currentSituation',
    title: 'Where does your online presence stand today?',
    options: [
      { value: 'no-website', label: 'No website yet' },
      { value: 'basic-website', label: 'A basic website' },
      { value: 'some-seo', label: 'Some SEO work done' },
      { value: 'good-seo', label: 'Solid SEO in place' },
    ],
  },
  {
    field: 'competition',
    title: 'How much local competition do you face?',
    options: [
      { value: 'low', label: 'Low', hint: 'Few businesses like mine nearby' },
      { value: 'medium', label: 'Medium' },
      { value: 'high', label: 'High' },
      { value: 'very-high', label: 'Very high', hint: 'Many strong competitors' },
    ],
  },
];

/** Empty answers; a preset industry fills the business type. */
export function initialAnswers(presetIndustry?: string): Answers {
  return { businessType: presetIndustry ?? '', serviceArea: '', currentSituation: '', competition: '' };
}
