import type { ReactNode } from 'react';
import type { RuleResult, RuleState } from '../../../lib/seo/checklist/index.ts';
import { secondaryButton } from '../brand/ConnectWebsiteForm.tsx';
import { useMediaQuery } from '../useMediaQuery.ts';
import type { LiveChecklist } from './useLiveChecklist.ts';

/** From this width the panel stands beside the editor (sticky); below it, it is a section that folds. */
export const CHECKLIST_SIDE_QUERY = '(min-width: 1280px)';

const STATE: Record<RuleState, { mark: string; text: string; className: string; order: number }> = {
  fail: { mark: '✗', text: 'Fix', className: 'text-red-700 dark:text-red-300', order: 0 },
  warn: { mark: '!', text: 'Improve', className: 'text-amber-800 dark:text-amber-200', order: 1 },
  pass: { mark: '✓', text: 'Done', className: 'text-emerald-700 dark:text-emerald-300', order: 2 },
  na: { mark: '–', text: 'Not applicable', className: 'text-slate-500 dark:text-slate-400', order: 3 },
};

/** Rules to act on first: failures, then warnings (heaviest first), then what passed, then what does not apply. */
function ordered(rules: RuleResult[]): RuleResult[] {
  return [...rules].sort((a, b) => STATE[a.state].order - STATE[b.state].order || b.weight - a.weight);
}

function barClass(score: number, passes: boolean): string {
  if (passes) return 'bg-emerald-600';
  return score >= 50 ? 'bg-amber-500' : 'bg-red-600';
}

function Rules({ rules }: { rules: RuleResult[] }) {
  return (
    <ul aria-label="Checklist rules" className="flex flex-col gap-2">
      {ordered(rules).map((rule) => {
        const state = STATE[rule.state];
        return (
          <li key={rule.id} data-rule={rule.id} data-state={rule.state} className="flex gap-2 text-sm">
            <span aria-hidden="true" className={`w-4 shrink-0 text-center font-bold ${state.className}`}>
              {state.mark}
            </span>
            <span className="min-w-0">
              <span className="font-medium">
                <span className="sr-only">{state.text}: </span>
                {rule.label}
              </span>
              <span className="block break-words text-slate-600 dark:text-slate-400">{rule.message}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function Body({ quality }: { quality: LiveChecklist }) {
  const { checklist, verdict, minScore } = quality;
  if (quality.status === 'error')
    return (
      <div role="alert" className="text-sm text-red-800 dark:text-red-200">
        <p>{quality.error}</p>
        <button type="button" onClick={quality.retry} className={`${secondaryButton} mt-2`}>
          Try again
        </button>
      </div>
    );
  if (!checklist || !verdict)
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        Checking the post...
      </p>
    );
  return (
    <div className="flex flex-col gap-3">
      <div>
        <p className="text-sm">
          Score <span className="text-2xl font-semibold">{checklist.score}</span> out of 100
        </p>
        <div aria-hidden="true" className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
          <div
            className={`h-full rounded-full ${barClass(checklist.score, verdict.passes)}`}
            style={{ width: `${checklist.score}%` }}
          />
        </div>
      </div>
      {verdict.passes ? (
        <p className="text-sm text-emerald-800 dark:text-emerald-200">
          Passes the project's quality gate (minimum score {minScore}): the autopilot may publish it.
        </p>
      ) : (
        <div className="text-sm text-amber-900 dark:text-amber-100">
          <p className="font-medium">Below the project's quality gate: the autopilot would keep it a draft.</p>
          <ul className="mt-1 list-disc pl-5">
            {verdict.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      )}
      <Rules rules={checklist.rules} />
    </div>
  );
}

/**
 * The on-page checklist beside the editor (issue 27): the score, the project's gate and every rule with what to do,
 * live as the post is typed. From 1280 px wide it stands in a column of its own; narrower, it is a section that folds
 * (closed at first) so the editor stays in reach.
 */
export function ChecklistPanel({ quality }: { quality: LiveChecklist }) {
  const side = useMediaQuery(CHECKLIST_SIDE_QUERY);
  const score = quality.checklist ? ` · score ${quality.checklist.score}` : '';
  // Beside the editor it scrolls on its own when taller than the window, so it takes focus (keyboard scrolling).
  const frame = (children: ReactNode) => (
    <section
      aria-labelledby="checklist-heading"
      tabIndex={side ? 0 : undefined}
      className={`rounded-lg border border-slate-200 bg-white p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 dark:border-slate-800 dark:bg-slate-950 ${side ? 'max-h-[calc(100vh-6rem)] overflow-y-auto' : ''}`}
    >
      {children}
    </section>
  );
  if (side)
    return frame(
      <>
        <h2 id="checklist-heading" className="mb-3 font-medium">
          On-page checklist
        </h2>
        <Body quality={quality} />
      </>,
    );
  return frame(
    <details>
      <summary className="cursor-pointer font-medium">
        <h2 id="checklist-heading" className="inline">
          On-page checklist
        </h2>
        <span className="text-sm font-normal text-slate-600 dark:text-slate-400">{score}</span>
      </summary>
      <div className="mt-3">
        <Body quality={quality} />
      </div>
    </details>,
  );
}
