import type { ReactNode } from 'react';

/** One row of a bar list: what it is (text or a link) and its value. */
export interface Bar {
  key: string;
  label: ReactNode;
  value: number;
}

const number = new Intl.NumberFormat();

/**
 * Ranked values (top posts, referrers, countries) as a table whose rows carry a bar in proportion to the largest:
 * screen readers read the table (caption, names, values); the bars are drawing only.
 */
export function BarList(props: {
  title: string;
  nameHeading: string;
  valueHeading: string;
  bars: Bar[];
  empty: string;
}) {
  const largest = Math.max(1, ...props.bars.map((bar) => bar.value));
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      <figcaption className="text-sm font-medium">{props.title}</figcaption>
      {props.bars.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{props.empty}</p>
      ) : (
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">{props.title}</caption>
          {/* A fixed table takes its widths from here: the names get all but the figures' column. */}
          <colgroup>
            <col />
            <col className="w-20" />
          </colgroup>
          <thead className="sr-only">
            <tr>
              <th scope="col">{props.nameHeading}</th>
              <th scope="col">{props.valueHeading}</th>
            </tr>
          </thead>
          <tbody>
            {props.bars.map((bar) => (
              <tr key={bar.key}>
                <th scope="row" className="relative py-1 pr-2 font-normal">
                  <span
                    aria-hidden="true"
                    className="absolute inset-y-0.5 left-0 rounded bg-brand-100 dark:bg-brand-800/60"
                    style={{ width: `${Math.max(2, (bar.value / largest) * 100)}%` }}
                  />
                  <span
                    className="relative block truncate px-2"
                    title={typeof bar.label === 'string' ? bar.label : undefined}
                  >
                    {bar.label}
                  </span>
                </th>
                <td className="py-1 text-right tabular-nums">{number.format(bar.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}
