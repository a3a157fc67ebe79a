import { useState } from 'react';
import type { CalendarEntry } from '../../../lib/calendar/types.ts';
import { useMediaQuery } from '../useMediaQuery.ts';
import { addDays, today } from './calendarStores.ts';
import { EntryCard, type EntryActions } from './EntryCard.tsx';
import { MonthAgenda } from './MonthAgenda.tsx';

/** Seven readable columns need this much room; narrower screens get the month as a list of days. */
const GRID_QUERY = '(min-width: 768px)';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const dayLabel = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** The weeks (Monday first) that cover a month. */
function weeksOf(month: string): string[][] {
  const first = new Date(`${month}T00:00:00Z`);
  const start = addDays(month, -((first.getUTCDay() + 6) % 7));
  const weeks: string[][] = [];
  for (let day = start; weeks.length < 6; ) {
    const week = Array.from({ length: 7 }, (_, index) => addDays(day, index));
    if (weeks.length >= 4 && week[0]!.slice(0, 7) !== month.slice(0, 7)) break;
    weeks.push(week);
    day = addDays(day, 7);
  }
  return weeks;
}

/**
 * A month of days; each day is a drop target for entries dragged from another day. Under 768 px the month is a list
 * of days instead (MonthAgenda), since seven columns did not fit a phone.
 */
export function MonthGrid(props: {
  month: string;
  entries: CalendarEntry[];
  writable: boolean;
  actions: EntryActions;
}) {
  const wide = useMediaQuery(GRID_QUERY);
  return wide ? <Grid {...props} /> : <MonthAgenda {...props} />;
}

function Grid({
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
  const [over, setOver] = useState<string | null>(null);
  const byDay = new Map<string, CalendarEntry[]>();
  for (const entry of entries) byDay.set(entry.date, [...(byDay.get(entry.date) ?? []), entry]);
  const now = today();

  return (
    <div role="grid" aria-label="Month" className="relative overflow-x-auto">
      <div
        role="row"
        className="grid min-w-[42rem] grid-cols-7 gap-1 text-xs font-semibold text-slate-600 dark:text-slate-400"
      >
        {WEEKDAYS.map((day) => (
          <div role="columnheader" key={day} className="px-1">
            {day}
          </div>
        ))}
      </div>
      {weeksOf(month).map((week) => (
        <div role="row" key={week[0]} className="mt-1 grid min-w-[42rem] grid-cols-7 gap-1">
          {week.map((day) => {
            const inMonth = day.slice(0, 7) === month.slice(0, 7);
            return (
              <div
                role="gridcell"
                key={day}
                data-date={day}
                onDragOver={(event) => {
                  if (!writable) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                  setOver(day);
                }}
                onDragLeave={() => setOver((current) => (current === day ? null : current))}
                onDrop={(event) => {
                  event.preventDefault();
                  setOver(null);
                  const id = event.dataTransfer.getData('text/plain');
                  const entry = entries.find((candidate) => candidate.id === id);
                  if (entry && entry.date !== day) actions.onMove(entry, day);
                }}
                className={`flex min-h-28 flex-col gap-1 rounded-md border p-1 ${over === day ? 'border-brand-600 bg-brand-50 dark:bg-slate-800' : inMonth ? 'border-slate-200 dark:border-slate-800' : 'border-dashed border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900'}`}
              >
                <span
                  className={`text-xs ${day === now ? 'font-bold text-brand-700 dark:text-brand-100' : 'text-slate-700 dark:text-slate-300'}`}
                >
                  <span aria-hidden="true">{Number(day.slice(8))}</span>
                  <span className="sr-only">{dayLabel.format(new Date(`${day}T00:00:00Z`))}</span>
                </span>
                {(byDay.get(day) ?? []).map((entry) => (
                  <EntryCard key={entry.id} entry={entry} writable={writable} actions={actions} compact />
                ))}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
