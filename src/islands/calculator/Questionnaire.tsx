// The step-by-step form: a real <form> with radio inputs, rendered on the server before hydration.
import { type FormEvent, useEffect, useRef } from 'react';
import { fill } from '../../lib/fill.ts';
import type { Answers } from '../../lib/calculator/types.ts';
import type { CalculatorUi } from '../../content/_schemas/calculator-ui.ts';
import { questionsFrom, type IndustryOption } from './questions.ts';

interface Props {
  answers: Answers;
  step: number;
  busy: boolean;
  presetIndustry?: string;
  onAnswer: (field: keyof Answers, value: string) => void;
  onStep: (step: number) => void;
  onSubmit: () => void;
  copy: Pick<CalculatorUi, 'questionnaire' | 'questions'>;
  industries: IndustryOption[];
}

const BUTTON = 'rounded-md px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50';

/** 4 steps, or 3 when the page presets the industry (the business type is then fixed and hidden). */
export default function Questionnaire({
  answers,
  step,
  busy,
  presetIndustry,
  onAnswer,
  onStep,
  onSubmit,
  copy,
  industries,
}: Props) {
  const words = copy.questionnaire;
  const questions = questionsFrom(copy.questions, industries);
  const steps = presetIndustry ? questions.filter((q) => q.field !== 'businessType') : questions;
  const question = steps[step] ?? steps[0]!;
  const total = steps.length;
  const answered = answers[question.field] !== '';
  const last = step === total - 1;
  const percent = Math.round(((step + 1) / total) * 100);

  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // An option picked before hydration is checked in the page but not yet in state: take it, so Next agrees with
    // what the visitor sees.
    const picked = form.current?.querySelector<HTMLInputElement>(`input[name="${question.field}"]:checked`);
    if (picked && picked.value !== answers[question.field]) onAnswer(question.field, picked.value);
    // only once, on hydration: later changes reach state through onChange
  }, []);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!answered || busy) return;
    if (last) onSubmit();
    else onStep(step + 1);
  }

  return (
    <form
      ref={form}
      onSubmit={handleSubmit}
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900"
      aria-label={words.formLabel}
    >
      {presetIndustry && <input type="hidden" name="businessType" value={presetIndustry} />}
      <div className="mb-4 flex items-center justify-between text-sm text-slate-700 dark:text-slate-300">
        <span>{fill(words.progress, { n: step + 1, total })}</span>
        <span>{`${percent}%`}</span>
      </div>
      <div
        className="mb-6 h-2 rounded-full bg-slate-200 dark:bg-slate-700"
        role="progressbar"
        aria-label={words.progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="h-2 rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
      <fieldset>
        <legend className="mb-4 text-lg font-semibold">{question.title}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {question.options.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-slate-600 dark:has-[:checked]:bg-slate-800"
            >
              <input
                type="radio"
                name={question.field}
                value={option.value}
                checked={answers[question.field] === option.value}
                onChange={() => onAnswer(question.field, option.value)}
                aria-labelledby={`${question.field}-${option.value}`}
                aria-describedby={option.hint ? `${question.field}-${option.value}-hint` : undefined}
                className="mt-1"
              />
              <span>
                <span id={`${question.field}-${option.value}`} className="block font-medium">
                  {option.icon && (
                    <>
                      <span aria-hidden="true">{option.icon}</span>{' '}
                    </>
                  )}
                  {option.label}
                </span>
                {option.hint && (
                  <span
                    id={`${question.field}-${option.value}-hint`}
                    className="block text-sm text-slate-600 dark:text-slate-400"
                  >
                    {option.hint}
                  </span>
                )}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-6 flex justify-between">
        <button
          type="button"
          className={`${BUTTON} border border-slate-300 dark:border-slate-600`}
          disabled={step === 0 || busy}
          onClick={() => onStep(step - 1)}
        >
          {words.back}
        </button>
        <button
          type="submit"
          className={`${BUTTON} bg-brand-700 text-white hover:bg-brand-800`}
          disabled={!answered || busy}
        >
          {last ? (busy ? words.analyzing : words.submit) : words.next}
        </button>
      </div>
    </form>
  );
}
