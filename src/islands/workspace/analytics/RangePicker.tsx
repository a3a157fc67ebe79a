import { useId } from 'react';
import { ANALYTICS_RANGES, type AnalyticsRange } from '../../../lib/blog-analytics/ranges.ts';

/**
 * The range of a chart as a group of radio buttons (Tab into the group, arrow keys to choose), drawn as one segmented
 * control.
 */
export function RangePicker(props: {
  label: string;
  value: AnalyticsRange;
  onChange: (range: AnalyticsRange) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">{props.label}</legend>
      <div className="inline-flex rounded-md border border-slate-300 p-0.5 dark:border-slate-700">
        {ANALYTICS_RANGES.map((days) => (
          <label
            key={days}
            className="cursor-pointer rounded px-3 py-1 text-sm has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500 dark:has-[:checked]:bg-brand-100 dark:has-[:checked]:text-slate-900"
          >
            <input
              type="radio"
              name={name}
              value={days}
              checked={props.value === days}
              onChange={() => props.onChange(days)}
              className="sr-only"
            />
            {days} days
          </label>
        ))}
      </div>
    </fieldset>
  );
}
