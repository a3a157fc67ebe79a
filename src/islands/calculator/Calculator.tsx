// The calculator island: questionnaire, then results computed in the browser (spec §2.8, §4).
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { BUSINESS_TYPE_EVENT } from '../../lib/calculator/events.ts';
import type { AnalysisResult, Answers, MarketNames } from '../../lib/calculator/types.ts';
import MarketPicker, { type Option } from './MarketPicker.tsx';
import Questionnaire from './Questionnaire.tsx';
import type { CalculatorUi } from '../../content/_schemas/calculator-ui.ts';
import { initialAnswers, type IndustryOption } from './questions.ts';

export interface Props {
  /** The calculator's words (src/content/calculator-ui/ui.yaml), passed by the page. */
  copy: CalculatorUi;
  country?: string;
  presetIndustry?: string;
  /** Page countries with their names (content), for the picker and the market sentences. */
  countries: Option[];
  /** The six industries with their names, icons and hints (content). */
  industries: IndustryOption[];
}

const ANALYZING_MS = 600;

const names = (countries: Option[], industries: Option[]): MarketNames => ({
  countries: Object.fromEntries(countries.map((c) => [c.code, c.name])),
  industries: Object.fromEntries(industries.map((i) => [i.code, i.name])),
});

// Results (and the chart) load on the first submit, so the page hydrates only the questionnaire.
const loadResults = () => import('./Results.tsx');
const Results = lazy(loadResults);

/** Input state until submit, then the results state; reset returns to input with defaults. */
export default function Calculator({ copy, country, presetIndustry, countries, industries }: Props) {
  const [answers, setAnswers] = useState<Answers>(() => initialAnswers(presetIndustry));
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<AnalysisResult | null>(null);
  const top = useRef<HTMLDivElement>(null);
  const market = useRef(`${country}/${presetIndustry}`);

  useEffect(() => {
    // a new country or industry starts at the top of the page
    const key = `${country}/${presetIndustry}`;
    if (market.current !== key) window.scrollTo({ top: 0 });
    market.current = key;
  }, [country, presetIndustry]);

  useEffect(() => {
    // the insights panel below follows the chosen business type on pages without a preset industry (spec §2.8)
    if (!presetIndustry)
      window.dispatchEvent(new CustomEvent(BUSINESS_TYPE_EVENT, { detail: answers.businessType || null }));
  }, [presetIndustry, answers.businessType]);

  async function submit() {
    setBusy(true);
    try {
      const [{ analyze }, { resolveMarket }] = await Promise.all([
        import('../../lib/calculator/analyze.ts'),
        import('../../lib/calculator/resolve.ts'),
        loadResults(),
        new Promise((resolve) => setTimeout(resolve, ANALYZING_MS)),
      ]);
      setResult(analyze(answers, resolveMarket(country, answers.businessType, names(countries, industries)), copy));
      top.current?.scrollIntoView({ block: 'start' });
    } catch {
      // a failed analysis returns to idle without a message (spec §4)
    } finally {
      setBusy(false);
    }
  }

  function reset() {
    setResult(null);
    setAnswers(initialAnswers(presetIndustry));
    setStep(0);
  }

  return (
    <div ref={top} className="scroll-mt-24">
      <MarketPicker
        labels={copy.picker}
        country={country}
        industry={presetIndustry}
        countries={countries}
        industries={industries}
      />
      {result ? (
        <Suspense fallback={<p role="status">{copy.questionnaire.analyzing}</p>}>
          <Results result={result} onReset={reset} copy={copy.results} />
        </Suspense>
      ) : (
        <Questionnaire
          answers={answers}
          step={step}
          busy={busy}
          presetIndustry={presetIndustry}
          onAnswer={(field, value) => setAnswers((prev) => ({ ...prev, [field]: value }))}
          onStep={setStep}
          onSubmit={submit}
          copy={copy}
          industries={industries}
        />
      )}
    </div>
  );
}
