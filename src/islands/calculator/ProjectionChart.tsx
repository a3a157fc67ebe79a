// 12-month projection as an inline SVG bar chart with a data table for screen readers and no-chart readers.
import type { CalculatorUi } from '../../content/_schemas/calculator-ui.ts';
import type { ProjectionRow } from '../../lib/calculator/types.ts';
import { money, num } from './format.ts';

interface Props {
  rows: ProjectionRow[];
  currencySymbol: string;
  copy: CalculatorUi['results']['chart'];
}

const WIDTH = 600;
const HEIGHT = 220;
const PAD = 28;

/** Monthly traffic bars, Jan to Dec, with the figures in a table below. */
export default function ProjectionChart({ rows, currencySymbol, copy }: Props) {
  const max = Math.max(1, ...rows.map((r) => r.traffic));
  const slot = (WIDTH - PAD * 2) / rows.length;
  const first = rows[0];
  const last = rows[rows.length - 1];
  return (
    <figure>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-labelledby="projection-title projection-desc"
      >
        <title id="projection-title">{copy.title}</title>
        <desc id="projection-desc">
          {copy.summary.replace(
            /\{(\w+)\}/g,
            (whole, key: string) =>
              ({
                from: first?.month ?? '',
                fromVisits: num(first?.traffic ?? 0),
                to: last?.month ?? '',
                toVisits: num(last?.traffic ?? 0),
              })[key] ?? whole,
          )}
        </desc>
        {rows.map((row, i) => {
          const h = ((HEIGHT - PAD * 2) * row.traffic) / max;
          const x = PAD + i * slot + slot * 0.15;
          return (
            <g key={row.month}>
              <rect
                x={x}
                y={HEIGHT - PAD - h}
                width={slot * 0.7}
                height={h}
                rx={3}
                className="fill-brand-600 dark:fill-brand-500"
              />
              <text
                x={x + slot * 0.35}
                y={HEIGHT - 8}
                textAnchor="middle"
                className="fill-slate-700 text-[11px] dark:fill-slate-300"
              >
                {row.month}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer">{copy.showTable}</summary>
        <table className="mt-2 w-full text-left">
          <thead>
            <tr>
              <th scope="col">{copy.month}</th>
              <th scope="col">{copy.visits}</th>
              <th scope="col">{copy.revenue}</th>
              <th scope="col">{copy.growth}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.month}>
                <th scope="row">{row.month}</th>
                <td>{num(row.traffic)}</td>
                <td>{money(row.revenue, currencySymbol)}</td>
                <td>{row.growth}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
