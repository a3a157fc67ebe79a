import type { CalendarEntry } from '../../../lib/calendar/types.ts';
import { EntryCard, type EntryActions } from './EntryCard.tsx';

const dayLabel = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The entries as a list, grouped by day. */
export function EntryList({
  entries,
  writable,
  actions,
}: {
  entries: CalendarEntry[];
  writable: boolean;
  actions: EntryActions;
}) {
  const days = [...new Set(entries.map((entry) => entry.date))];
  return (
    <ol aria-label="Planned posts" className="flex flex-col gap-3">
      {days.map((day) => (
        <li key={day} className="grid gap-2 sm:grid-cols-[10rem_1fr]">
          <h2 className="text-sm font-medium text-slate-700 dark:text-slate-300">
            {dayLabel.format(new Date(`${day}T00:00:00Z`))}
          </h2>
          <div className="flex flex-col gap-2">
            {entries
              .filter((entry) => entry.date === day)
              .map((entry) => (
                <EntryCard key={entry.id} entry={entry} writable={writable} actions={actions} />
              ))}
          </div>
        </li>
      ))}
    </ol>
  );
}
