import type { CalendarEntry } from '../../../lib/calendar/types.ts';
import { addDays, today } from './calendarStores.ts';
import { EntryCard, type EntryActions } from './EntryCard.tsx';

const dayLabel = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** Every day of a month, first to last (YYYY-MM-DD). */
function daysOf(month: string): string[] {
  const days: string[] = [];
  for (let day = month; day.slice(0, 7) === month.slice(0, 7); day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * The month on a narrow screen: the days that have entries (and today), one under the other, each entry a full card
 * (whole title, keyword and actions), instead of seven columns that do not fit. Entries move with their menu or
 * Alt+Arrow keys.
 */
export function MonthAgenda({
  month,
  entries,
  writable,
  actions,
}: {
  month: string;
  entries: CalendarEntry[];
  writable: boolean;
  actions: EntryActions;
}) {
  const now = today();
  const days = daysOf(month).filter((day) => day === now || entries.some((entry) => entry.date === day));
  if (!days.length) return <p className="text-sm text-slate-600 dark:text-slate-400">Nothing planned this month.</p>;
  return (
    <ol aria-label="Days of the month" className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
      {days.map((day) => {
        const planned = entries.filter((entry) => entry.date === day);
        return (
          <li key={day} data-date={day} className="flex flex-col gap-2 py-2">
            <h2
              className={`text-sm ${day === now ? 'font-bold text-brand-700 dark:text-brand-100' : 'font-medium text-slate-700 dark:text-slate-300'}`}
            >
              {dayLabel.format(new Date(`${day}T00:00:00Z`))}
              {day === now && <span className="font-normal"> · Today</span>}
            </h2>
            {planned.length > 0 ? (
              planned.map((entry) => <EntryCard key={entry.id} entry={entry} writable={writable} actions={actions} />)
            ) : (
              <p className="text-xs text-slate-600 dark:text-slate-400">Nothing planned today</p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
