import type { CalendarEntry } from '../../../lib/calendar/types.ts';
import { createFetcherStore } from '../../../lib/query/fetcher.ts';
import { $selectedProjectId } from '../../../lib/stores/projects.ts';
import { useStore } from '@nanostores/react';
import { Link } from '../Link.tsx';

/** The selected project's calendar entries whose generation failed (GET /calendar/project/{id}/failures). */
export const $failedEntries = createFetcherStore<{ items: CalendarEntry[] }>([
  'calendar/project/',
  $selectedProjectId,
  '/failures',
]);

/** On the dashboard: scheduled (or started) posts that failed, with the reason, so a failure is never silent. */
export function FailedEntries() {
  const { data } = useStore($failedEntries);
  const items = data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="failed-entries"
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 p-5 dark:border-red-800 dark:bg-red-950"
    >
      <h2 id="failed-entries" className="text-sm font-semibold text-red-900 dark:text-red-100">
        Posts that could not be generated
      </h2>
      <ul className="mt-2 flex flex-col gap-2 text-sm text-red-900 dark:text-red-100">
        {items.map((entry) => (
          <li key={entry.id}>
            <span className="font-medium">
              {entry.date}: {entry.title}
            </span>{' '}
            — {entry.error}
          </li>
        ))}
      </ul>
      <p className="mt-3">
        <Link href="/calendar" className="text-sm font-medium underline underline-offset-2">
          Open the calendar
        </Link>
      </p>
    </section>
  );
}
