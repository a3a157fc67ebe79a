// The results view: scores, traffic and revenue with the projection, timeline, recommendations,
// local insights and benchmarks. Fades in over 0.5 s (global.css .calc-fade-in).
import type { CalculatorUi } from '../../content/_schemas/calculator-ui.ts';
import { BENCHMARKS } from '../../lib/calculator/constants.ts';
import type { AnalysisResult } from '../../lib/calculator/types.ts';
import { band, money, num } from './format.ts';
import ProjectionChart from './ProjectionChart.tsx';
import Recommendations from './Recommendations.tsx';

interface Props {
  result: AnalysisResult;
  onReset: () => void;
  copy: CalculatorUi['results'];
}

type Bands = CalculatorUi['results']['bands'];

const CARD = 'rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900';
const SUB_SCORES = ['gmb', 'citations', 'reviews', 'keywords', 'speed'] as const;
/** The spec's benchmark scores (constants.ts) with the editors' names, in the same order. */
const BENCHMARK_KEYS = ['marketEntry', 'average', 'topPerformers'] as const;

function Score({ label, value, bands }: { label: string; value: number; bands: Bands }) {
  const b = band(value, bands);
  return (
    <div className="text-center">
      <p className={`text-3xl font-bold ${b.className}`}>{value}</p>
      <p className="text-sm">{label}</p>
      <p className={`text-xs font-medium ${b.className}`}>{b.label}</p>
    </div>
  );
}

/** Everything the analysis found, with a reset that returns to the questionnaire. */
export default function Results({ result, onReset, copy }: Props) {
  const { scores, traffic, revenue, localInsights: li } = result;
  return (
    <section className="calc-fade-in space-y-6" aria-labelledby="results-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="results-title" className="text-2xl font-bold">
          {copy.heading}
        </h2>
        <button
          type="button"
          onClick={onReset}
          className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold dark:border-slate-600"
        >
          {copy.reset}
        </button>
      </div>
      <div className={CARD}>
        <h3 className="mb-4 font-semibold">{copy.scores}</h3>
        <div className="grid grid-cols-3 gap-4">
          <Score label={copy.current} value={scores.current} bands={copy.bands} />
          <Score label={copy.potential} value={scores.potential} bands={copy.bands} />
          <div className="text-center">
            <p className="text-3xl font-bold">+{scores.improvement}</p>
            <p className="text-sm">{copy.improvement}</p>
          </div>
        </div>
        <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-5">
          {SUB_SCORES.map((key) => (
            <li key={key}>
              <Score label={copy.subScores[key]} value={scores[key]} bands={copy.bands} />
            </li>
          ))}
        </ul>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className={CARD}>
          <h3 className="font-semibold">{copy.traffic}</h3>
          <p>
            {copy.now} <strong>{num(traffic.current)}</strong> {copy.visits}
          </p>
          <p>
            {copy.potentialFigure} <strong>{num(traffic.potential)}</strong> {copy.visits} (+{num(traffic.increase)})
          </p>
        </div>
        <div className={CARD}>
          <h3 className="font-semibold">{copy.revenue.replaceAll('{currency}', revenue.currency)}</h3>
          <p>
            {copy.now} <strong>{money(revenue.current, revenue.currencySymbol)}</strong>
          </p>
          <p>
            {copy.potentialFigure} <strong>{money(revenue.potential, revenue.currencySymbol)}</strong> (+
            {money(revenue.increase, revenue.currencySymbol)})
          </p>
        </div>
      </div>
      <div className={CARD}>
        <h3 className="mb-2 font-semibold">{copy.projection}</h3>
        <ProjectionChart rows={traffic.projections} currencySymbol={revenue.currencySymbol} copy={copy.chart} />
      </div>
      <div className={CARD}>
        <h3 className="font-semibold">{copy.timeline}</h3>
        <p>
          {copy.timelineLead} <strong>{result.timeline}</strong>
        </p>
      </div>
      <Recommendations items={result.recommendations} copy={copy} />
      <div className={CARD}>
        <h3 className="mb-2 font-semibold">{copy.insights}</h3>
        <p>{li.businessLandscape}</p>
        <dl className="mt-3 grid gap-2 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{copy.competitionLevel}</dt>
            <dd>{li.competitionLevel}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{copy.avgPerformance}</dt>
            <dd>{li.avgPerformance}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{copy.peakSearchTimes}</dt>
            <dd>{li.peakSearchTimes}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{copy.mobileShare}</dt>
            <dd>{li.mobileSearchShare}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{copy.reviewImportance}</dt>
            <dd>{li.reviewImportance}</dd>
          </div>
        </dl>
        <ul className="mt-3 list-disc pl-5">
          {li.localTips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </div>
      <div className={CARD}>
        <h3 className="mb-2 font-semibold">{copy.benchmarks}</h3>
        <ul className="grid grid-cols-3 gap-4 text-center">
          {BENCHMARKS.map((b, index) => (
            <li key={b.label}>
              <p className="text-2xl font-bold">{b.score}</p>
              <p className="text-sm">{copy.benchmarkLabels[BENCHMARK_KEYS[index]!]}</p>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm">
          {copy.yourScore} <strong>{scores.current}</strong>
        </p>
      </div>
    </section>
  );
}
