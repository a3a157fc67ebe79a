import { useId } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** One line of a chart: the field of each point it draws, its label and its colour (a CSS colour). */
export interface Series {
  key: string;
  label: string;
  color: string;
}

/** A day (YYYY-MM-DD) and a value per series key. */
export type Point = { date: string } & Record<string, number | string>;

const shortDate = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const formatDay = (date: string) => shortDate.format(new Date(`${date}T00:00:00Z`));

/**
 * Values over days as lines (recharts), with the same figures in a table for screen readers and for anyone who
 * prefers numbers: the drawing is hidden from assistive technology, the table is its text alternative. Charts of
 * the workspace (blog analytics, Search Console) all draw through this one component.
 */
export function TimeSeriesChart(props: { title: string; points: Point[]; series: Series[]; height?: number }) {
  const tableId = useId();
  const { points, series } = props;
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-medium">{props.title}</figcaption>
      <div aria-hidden="true" style={{ height: props.height ?? 220 }} className="w-full min-w-0">
        <ResponsiveContainer width="100%" height="100%">
          {/* No keyboard layer: the drawing is hidden from assistive technology, so it must not take focus either. */}
          <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: -12 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
            <XAxis dataKey="date" tickFormatter={formatDay} tick={{ fontSize: 12 }} minTickGap={24} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={48} />
            <Tooltip labelFormatter={(label) => formatDay(String(label))} />
            {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
            {series.map((line) => (
              <Line
                key={line.key}
                type="monotone"
                dataKey={line.key}
                name={line.label}
                stroke={line.color}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-slate-700 dark:text-slate-300">Show the figures as a table</summary>
        {/* Focusable, so the keyboard can scroll a long table (axe: scrollable-region-focusable). */}
        <div className="mt-2 max-h-64 overflow-auto" tabIndex={0} role="region" aria-label={`${props.title}: table`}>
          <table id={tableId} className="w-full text-left text-sm">
            <caption className="sr-only">{props.title}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Day
                </th>
                {series.map((line) => (
                  <th key={line.key} scope="col" className="py-1 pr-3 text-right font-medium">
                    {line.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.date} className="border-t border-slate-200 dark:border-slate-800">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {formatDay(point.date)}
                  </th>
                  {series.map((line) => (
                    <td key={line.key} className="py-1 pr-3 text-right tabular-nums">
                      {point[line.key] ?? 0}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
