import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { deleteEntry, fetchEntries, generateEntry, updateEntry } from '../../../lib/api/calendar.ts';
import { errorMessage, refusalLink } from '../../../lib/api/client.ts';
import type { CalendarEntry } from '../../../lib/calendar/types.ts';
import { poll } from '../../../lib/query/poll.ts';
import { $planLaunch, launchPlan } from '../../../lib/stores/plan.ts';
import { $selectedProject } from '../../../lib/stores/projects.ts';
import { $location } from '../../../lib/stores/router.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { primaryButton, secondaryButton } from '../brand/ConnectWebsiteForm.tsx';
import { AutopilotPanel } from '../calendar/AutopilotPanel.tsx';
import {
  $calendarEntries,
  $calendarMonth,
  $calendarRange,
  $calendarView,
  addMonths,
  monthStart,
  revalidateCalendar,
  today,
} from '../calendar/calendarStores.ts';
import type { EntryActions } from '../calendar/EntryCard.tsx';
import { EntryForm, MoveForm } from '../calendar/EntryForm.tsx';
import { EntryList } from '../calendar/EntryList.tsx';
import { MonthGrid } from '../calendar/MonthGrid.tsx';
import { EmptyState, PageFrame } from '../PageFrame.tsx';
import { canWrite } from '../roles.ts';

const monthLabel = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });
const GENERATING = 'Generating content...';
/** Spec §9: workflow runs are polled every 5 s. */
const RUN_POLL = { firstDelayMs: 5_000, intervalMs: 5_000, retryDelayMs: 8_000, timeoutMs: 600_000 };

type Panel = { kind: 'add' } | { kind: 'edit'; entry: CalendarEntry } | { kind: 'move'; entry: CalendarEntry } | null;

/** Calendar: the 30-day plan by month or as a list; move, edit, add, delete entries, generate their posts; autopilot. */
export default function CalendarPage() {
  const project = useStore($selectedProject);
  const month = useStore($calendarMonth);
  const view = useStore($calendarView);
  const range = useStore($calendarRange);
  const { data, loading, error } = useStore($calendarEntries);
  const [panel, setPanel] = useState<Panel>(null);
  const plan = useStore($planLaunch);
  const planning = Boolean(project) && plan.projectId === project?.id && plan.phase === 'running';
  const writable = canWrite(project?.role);
  const entries = data?.items ?? [];
  const visible =
    view === 'month' ? entries : entries.filter((entry) => entry.date >= range.from && entry.date <= range.to);
  const generating = entries.some((entry) => entry.status === 'generating');
  const { search } = useStore($location);

  // /calendar?month=2026-07 opens that month (the editor's competition warning links an entry this way).
  useEffect(() => {
    const asked = new URLSearchParams(search).get('month');
    if (asked && /^\d{4}-(0[1-9]|1[0-2])$/.test(asked)) $calendarMonth.set(`${asked}-01`);
  }, [search]);

  // A plan that finished while the page is open shows at once.
  useEffect(() => {
    if (project && plan.projectId === project.id && plan.phase === 'ready') revalidateCalendar(project.id);
  }, [project, plan]);

  // While a post is being written, check the entries every 5 s until none is generating.
  useEffect(() => {
    if (!project || !generating) return;
    const stop = new AbortController();
    poll({
      check: () => fetchEntries(project.id, range.from, range.to),
      isDone: (answer) => !answer.items.some((entry) => entry.status === 'generating'),
      onValue: () => revalidateCalendar(project.id),
      schedule: RUN_POLL,
      signal: stop.signal,
    }).catch(() => {});
    return () => stop.abort();
  }, [project, generating, range.from, range.to]);

  if (!project) {
    return (
      <PageFrame title="Calendar" lead="Your 30-day content plan, day by day.">
        <p className="text-sm text-slate-600 dark:text-slate-400">Select a project to see its calendar.</p>
      </PageFrame>
    );
  }
  const projectId = project.id;

  async function act(work: () => Promise<unknown>, success?: string) {
    try {
      await work();
      if (success) showToast(success, 'success');
    } catch (failure) {
      showToast(errorMessage(failure, 'An error occurred.'), 'error', refusalLink(failure));
    } finally {
      revalidateCalendar(projectId);
    }
  }

  const actions: EntryActions = {
    onEdit: (entry) => setPanel({ kind: 'edit', entry }),
    onAskMove: (entry) => setPanel({ kind: 'move', entry }),
    onMove: (entry, date) => void act(() => updateEntry(entry.id, { date }), `Moved to ${date}.`),
    onGenerate: (entry) =>
      void act(async () => {
        await generateEntry(entry.id);
        showToast(GENERATING, 'generating');
      }),
    onDelete: (entry) => {
      if (window.confirm(`Delete “${entry.title}” from the calendar?`))
        void act(() => deleteEntry(entry.id), 'Calendar entry deleted.');
    },
  };

  return (
    <PageFrame title="Calendar" lead="Your 30-day content plan, day by day.">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <button
            type="button"
            onClick={() => $calendarMonth.set(addMonths(month, -1))}
            className={secondaryButton}
            aria-label="Previous month"
          >
            ‹
          </button>
          <h2 className="min-w-36 text-center font-medium" aria-live="polite">
            {monthLabel.format(new Date(`${month}T00:00:00Z`))}
          </h2>
          <button
            type="button"
            onClick={() => $calendarMonth.set(addMonths(month, 1))}
            className={secondaryButton}
            aria-label="Next month"
          >
            ›
          </button>
          <button type="button" onClick={() => $calendarMonth.set(monthStart(new Date()))} className={secondaryButton}>
            Today
          </button>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label="View" className="flex">
            {(['month', 'list'] as const).map((mode) => (
              <button
                key={mode}
                type="button"
                aria-pressed={view === mode}
                onClick={() => $calendarView.set(mode)}
                className={`${secondaryButton} ${view === mode ? 'bg-slate-100 dark:bg-slate-800' : ''}`}
              >
                {mode === 'month' ? 'Month' : 'List'}
              </button>
            ))}
          </div>
          {writable && (
            <>
              {/* Until the first plan exists this is the onboarding's own button (spec §2.4), under its own name. */}
              <button
                type="button"
                onClick={() => void launchPlan(projectId, project.default_prompt_id)}
                disabled={planning}
                className={project.planned_at ? secondaryButton : primaryButton}
              >
                {planning ? 'Planning...' : project.planned_at ? 'Plan the next 30 days' : 'Launch Your 30 days Empire'}
              </button>
              <button type="button" onClick={() => setPanel({ kind: 'add' })} className={primaryButton}>
                Add entry
              </button>
            </>
          )}
        </div>
      </div>
      {panel?.kind === 'move' && (
        <MoveForm
          entry={panel.entry}
          onCancel={() => setPanel(null)}
          onMove={(date) => {
            setPanel(null);
            actions.onMove(panel.entry, date);
          }}
        />
      )}
      {(panel?.kind === 'add' || panel?.kind === 'edit') && (
        <EntryForm
          key={panel.kind === 'edit' ? panel.entry.id : 'new'}
          projectId={projectId}
          entry={panel.kind === 'edit' ? panel.entry : null}
          defaultDate={today() >= month && today().slice(0, 7) === month.slice(0, 7) ? today() : month}
          onCancel={() => setPanel(null)}
          onDone={() => {
            setPanel(null);
            revalidateCalendar(projectId);
            showToast(panel.kind === 'edit' ? 'Calendar entry saved.' : 'Calendar entry added.', 'success');
          }}
        />
      )}
      {loading && !data ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading calendar...</p>
      ) : error && !data ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Could not load the calendar. Reload the page to try again.
        </p>
      ) : view === 'month' ? (
        <MonthGrid month={month} entries={visible} writable={writable} actions={actions} />
      ) : visible.length === 0 ? (
        <EmptyState title="No plan yet">Planned posts will appear here once your 30-day plan is generated.</EmptyState>
      ) : (
        <EntryList entries={visible} writable={writable} actions={actions} />
      )}
      <AutopilotPanel projectId={projectId} writable={writable} />
    </PageFrame>
  );
}
