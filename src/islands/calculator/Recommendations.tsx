// The prioritised recommendation list of an analysis.
import type { CalculatorUi } from '../../content/_schemas/calculator-ui.ts';
import type { Priority, Recommendation } from '../../lib/calculator/types.ts';

const BADGE: Record<Priority, string> = {
  critical: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  high: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  medium: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  low: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
};

/** Recommendations, most urgent first, each with impact, timeframe and frequency. */
export default function Recommendations({ items, copy }: { items: Recommendation[]; copy: CalculatorUi['results'] }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
      <h3 className="mb-3 font-semibold">{copy.recommendations}</h3>
      <ol className="space-y-3">
        {items.map((item) => (
          <li key={item.title} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <span className={`mr-2 rounded px-2 py-0.5 text-xs font-semibold uppercase ${BADGE[item.priority]}`}>
              {copy.priorities[item.priority]}
            </span>
            <strong>{item.title}</strong>
            <p className="mt-1 text-sm">{item.description}</p>
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              {copy.impact}: {item.impact} · {copy.timeframe}: {item.timeframe} · {copy.frequency}: {item.frequency}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}
