// The results view: scores, traffic and revenue with the projection, timeline, recommendations,
// local insights and benchmarks. Fades in over 0.5 s (global.css .calc-fade-in).
import { BENCHMARKS } from '../../lib/calculator/constants.ts';
import type { AnalysisResult } from '../../lib/calculator/types.ts';
import { band, money, num } from './format.ts';
import ProjectionChart from './ProjectionChart.tsx';
import Recommendations from './Recommendations.tsx';

interface Props {
  result: AnalysisResult;
  onReset: () => void;
}

const CARD = 'rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900';
const SUB_SCORES = [['gmb', 'Business profile'], ['citations', 'Citations'], ['reviews', 'Reviews'], ['keywords', 'Keywords'], ['speed', 'Site speed']] as const;

function Score({ label, value }: { label: string; value: number }) {
  const b = band(value);
  return (
    <div className="text-center">
      <p className={`text-3xl font-bold ${b.className}`}>{value}</p>
      <p className="text-sm">{label}</p>
      <p className={`text-xs font-medium ${b.className}`}>{b.label}</p>
    </div>
  );
}

/** Everything the analysis found, with a reset that returns to the questionnaire. */
export default function Results({ result, onReset }: Props) {
  const { scores, traffic, revenue, localInsights: li } = result;
  return (
    <section className="calc-fade-in space-y-6" aria-labelledby="results-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="results-title" className="text-2xl font-bold">Your Local SEO Analysis</h2>
        <button type="button" onClick={onReset} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold dark:border-slate-600">Reset analysis</button>
      </div>
      <div className={CARD}>
        <h3 className="mb-4 font-semibold">Scores</h3>
        <div className="grid grid-cols-3 gap-4">
          <Score label="Current score" value={scores.current} />
          <Score label="Potential score" value={scores.potential} />
          <div className="text-center"><p className="text-3xl font-bold">+{scores.improvement}</p><p className="text-sm">Improvement</p></div>
        </div>
        <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-5">
          {SUB_SCORES.map(([key, label]) => <li key={key}><Score label={label} value={scores[key]} /></li>)}
        </ul>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className={CARD}>
          <h3 className="font-semibold">Monthly traffic</h3>
          <p>Now: <strong>{num(traffic.current)}</strong> visits</p>
          <p>Potential: <strong>{num(traffic.potential)}</strong> visits (+{num(traffic.increase)})</p>
        </div>
        <div className={CARD}>
          <h3 className="font-semibold">Monthly revenue ({revenue.currency})</h3>
          <p>Now: <strong>{money(revenue.current, revenue.currencySymbol)}</strong></p>
          <p>Potential: <strong>{money(revenue.potential, revenue.currencySymbol)}</strong> (+{money(revenue.increase, revenue.currencySymbol)})</p>
        </div>
      </div>
      <div className={CARD}>
        <h3 className="mb-2 font-semibold">12-month projection</h3>
        <ProjectionChart rows={traffic.projections} currencySymbol={revenue.currencySymbol} />
      </div>
      <div className={CARD}>
        <h3 className="font-semibold">Timeline</h3>
        <p>Expected time to reach your potential: <strong>{result.timeline}</strong></p>
      </div>
      <Recommendations items={result.recommendations} />
      <div className={CARD}>
        <h3 className="mb-2 font-semibold">Local insights</h3>
        <p>{li.businessLandscape}</p>
        <dl className="mt-3 grid gap-2 sm:grid-cols-2">
          <div><dt className="text-sm text-slate-600 dark:text-slate-400">Competition level</dt><dd>{li.competitionLevel}</dd></div>
          <div><dt className="text-sm text-slate-600 dark:text-slate-400">Average performance</dt><dd>{li.avgPerformance}</dd></div>
          <div><dt className="text-sm text-slate-600 dark:text-slate-400">Peak search times</dt><dd>{li.peakSearchTimes}</dd></div>
          <div><dt className="text-sm text-slate-600 dark:text-slate-400">Mobile search share</dt><dd>{li.mobileSearchShare}</dd></div>
          <div><dt className="text-sm text-slate-600 dark:text-slate-400">Review importance</dt><dd>{li.reviewImportance}</dd></div>
        </dl>
        <ul className="mt-3 list-disc pl-5">{li.localTips.map((tip) => <li key={tip}>{tip}</li>)}</ul>
      </div>
      <div className={CARD}>
        <h3 className="mb-2 font-semibold">Benchmarks</h3>
        <ul className="grid grid-cols-3 gap-4 text-center">
          {BENCHMARKS.map((b) => <li key={b.label}><p className="text-2xl font-bold">{b.score}</p><p className="text-sm">{b.label}</p></li>)}
        </ul>
        <p className="mt-3 text-sm">Your current score: <strong>{scores.current}</strong></p>
      </div>
    </section>
  );
}
