import { useEffect, useState } from 'react';
import { fetchAutopilot } from '../../../lib/api/calendar.ts';
import { schedulePost } from '../../../lib/api/posts.ts';
import type { Post } from '../../../lib/posts/types.ts';
import { offsetLabel, type WallTime, wallTimeOf, wallTimeText } from '../../../lib/posts/zoned-time.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { fieldClass, secondaryButton } from '../brand/ConnectWebsiteForm.tsx';

/** The hour a new schedule starts from: the autopilot's publishing hour. */
const DEFAULT_TIME = '09:00';

type Zone = { state: 'loading' } | { state: 'ready'; name: string } | { state: 'failed' };

/** Where the form starts: the scheduled time on the project's clock, else tomorrow at 09:00 there. */
function startingWall(scheduledAt: string | null, zone: string): WallTime {
  if (scheduledAt) return wallTimeOf(new Date(scheduledAt), zone);
  return { date: wallTimeOf(Date.now() + 86_400_000, zone).date, time: DEFAULT_TIME };
}

/**
 * When a draft goes live: a date and a time shown and entered on the project's wall clock (the time zone its autopilot
 * uses, named with its offset), which the server stores as the one UTC instant they are there. Edits not saved yet are
 * saved first, as Publish does. A scheduled post shows when it goes live and can be moved.
 */
export function ScheduleControl({
  post,
  disabled,
  saveFirst,
  version,
  onScheduled,
  onError,
}: {
  post: Post;
  disabled: boolean;
  saveFirst: () => Promise<boolean>;
  version: () => number;
  onScheduled: (post: Post) => void;
  onError: (caught: unknown) => void;
}) {
  const [zone, setZone] = useState<Zone>({ state: 'loading' });
  const [wall, setWall] = useState<WallTime | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    fetchAutopilot(post.project_id).then(
      (settings) => live && setZone({ state: 'ready', name: settings.time_zone }),
      () => live && setZone({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [post.project_id]);

  const zoneName = zone.state === 'ready' ? zone.name : null;
  // Only a new schedule moves the form: an autosave of the text leaves what is being typed here alone.
  const scheduled = post.status === 'scheduled' ? post.published_at : null;
  useEffect(() => {
    if (zoneName) setWall(startingWall(scheduled, zoneName));
  }, [zoneName, scheduled]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!wall || !zoneName) return;
    setBusy(true);
    try {
      if (!(await saveFirst())) return;
      const stored = await schedulePost(post.id, version(), wall);
      onScheduled(stored);
      const when = stored.published_at ? wallTimeOf(new Date(stored.published_at), zoneName) : wall;
      showToast(`Post scheduled: it goes live on ${wallTimeText(when)}, ${zoneName} time.`, 'success');
    } catch (caught) {
      onError(caught);
    } finally {
      setBusy(false);
    }
  }

  const scheduledAt = scheduled ? new Date(scheduled) : null;
  return (
    <section
      aria-labelledby="schedule-heading"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 text-sm dark:border-slate-800"
    >
      <h2 id="schedule-heading" className="font-medium">
        Schedule
      </h2>
      {zone.state === 'loading' && (
        <p role="status" className="text-slate-600 dark:text-slate-400">
          Loading the project's time zone...
        </p>
      )}
      {zone.state === 'failed' && (
        <p role="alert" className="text-red-700 dark:text-red-300">
          The project's time zone could not be loaded, so a time cannot be shown in it. Reload the page to try again.
        </p>
      )}
      {zoneName && wall && (
        <>
          {scheduledAt && (
            <p>
              This post goes live on {wallTimeText(wallTimeOf(scheduledAt, zoneName))}, {zoneName} time, with the
              changes you save before then. Publish now to put it on your blog at once, or unschedule it to keep it as a
              draft.
            </p>
          )}
          <p id="schedule-zone" className="text-slate-600 dark:text-slate-400">
            Times are in {zoneName} ({offsetLabel(scheduledAt ?? Date.now(), zoneName)}), the project's time zone
            {zoneName === 'UTC' ? ' (the default: no other was chosen)' : ''}. Change it under Calendar → Autopilot.
          </p>
          <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
            <label className="flex flex-col">
              Date
              <input
                type="date"
                required
                value={wall.date}
                onChange={(event) => setWall({ ...wall, date: event.target.value })}
                aria-describedby="schedule-zone"
                className={`${fieldClass} w-44`}
              />
            </label>
            <label className="flex flex-col">
              Time
              <input
                type="time"
                required
                step={60}
                value={wall.time}
                onChange={(event) => setWall({ ...wall, time: event.target.value })}
                aria-describedby="schedule-zone"
                className={`${fieldClass} w-32`}
              />
            </label>
            <button type="submit" disabled={disabled || busy} className={secondaryButton}>
              {busy ? 'Scheduling...' : scheduledAt ? 'Reschedule' : 'Schedule'}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
