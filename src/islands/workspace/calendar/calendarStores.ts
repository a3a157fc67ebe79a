import { atom, computed } from 'nanostores';
import type { CalendarEntry } from '../../../lib/calendar/types.ts';
import { createFetcherStore, revalidateKeys } from '../../../lib/query/fetcher.ts';
import { $selectedProjectId } from '../../../lib/stores/projects.ts';

/** The first day of the month the calendar shows (YYYY-MM-01). */
export const $calendarMonth = atom<string>(monthStart(new Date()));
/** Month grid or list of upcoming entries. */
export const $calendarView = atom<'month' | 'list'>('month');

/** The days the page asks for: the month (grid), or three months from its start (list). */
export const $calendarRange = computed([$calendarMonth, $calendarView], (month, view) => ({
  from: view === 'month' ? addDays(month, -7) : month,
  to: view === 'month' ? addDays(month, 44) : addDays(month, 92),
}));
const $from = computed($calendarRange, (range) => range.from);
const $to = computed($calendarRange, (range) => range.to);

/** The selected project's entries in the range, through the shared cache. */
export const $calendarEntries = createFetcherStore<{ items: CalendarEntry[] }>([
  'calendar/project/',
  $selectedProjectId,
  '?from=',
  $from,
  '&to=',
  $to,
]);

/** Refetches every cached calendar answer of a project after a write. */
export function revalidateCalendar(projectId: string): void {
  revalidateKeys((key) => key.startsWith(`calendar/project/${projectId}`));
}

/** YYYY-MM-01 of a date's local month. */
export function monthStart(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-01`;
}

/** The day `days` after a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first day of the month `months` after a YYYY-MM-01 day. */
export function addMonths(month: string, months: number): string {
  const date = new Date(`${month}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/** Today as YYYY-MM-DD in the browser's time zone. */
export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
