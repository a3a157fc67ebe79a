import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $selectedProjectId } from '../../../lib/stores/projects.ts';
import { $queue, cancelQueued, stopWatchingQueue, watchQueue } from '../../../lib/stores/queue.ts';
import { useCanWrite } from '../roles.ts';
import { headingClass, panelClass, secondaryButton } from './styles.ts';

/** The selected project's queue, polled every 5 s while it holds work; queued runs can be cancelled. */
export function QueuePanel() {
  const projectId = useStore($selectedProjectId);
  const { status } = useStore($queue);
  const canWrite = useCanWrite();

  useEffect(() => {
    if (!projectId) return;
    watchQueue({ restart: true, clear: true });
    return stopWatchingQueue;
  }, [projectId]);

  return (
    <section aria-labelledby="queue-heading" className={panelClass}>
      <h2 id="queue-heading" className={headingClass}>
        Queue
      </h2>
      {!status ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Loading...</p>
      ) : status.items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Nothing is queued. Runs you start wait here until a worker picks them up.
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm">{status.processing_count} processing</p>
          <ul className="mt-2 flex flex-col gap-2">
            {status.items.map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-2 text-sm">
                <span>
                  Run {item.run_id.slice(0, 8)} · {item.state === 'queued' ? 'Queued' : 'Processing'}
                </span>
                {canWrite && item.state === 'queued' && (
                  <button
                    type="button"
                    onClick={() => void cancelQueued(item.id)}
                    className={secondaryButton}
                    aria-label={`Cancel run ${item.run_id.slice(0, 8)}`}
                  >
                    Cancel
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
