import { HTTPError } from 'ky';
import { atom } from 'nanostores';
import { cancelQueueItem, fetchQueueStatus } from '../api/queue.ts';
import { poll, QUEUE_POLL } from '../query/poll.ts';
import type { QueueStatus } from '../workflows/types.ts';
import { showToast } from './toasts.ts';

// Spec §8 messages of a queue cancel.
export const QUEUE_CANCELLED = 'Queued task cancelled';
export const QUEUE_ALREADY_STARTED = 'Task already started and cannot be cancelled';
export const QUEUE_NOT_FOUND = 'Task not found in queue';
export const QUEUE_CANCEL_FAILED = 'Failed to cancel task.';

/** The selected project's queue as last checked, and whether it is being polled. */
export const $queue = atom<{ status: QueueStatus | null; polling: boolean }>({ status: null, polling: false });

let controller: AbortController | null = null;

/** Spec §4: the queue holds work while it has items or processing ones. */
export function queueIsActive(status: QueueStatus): boolean {
  return status.items.length > 0 || status.processing_count > 0;
}

/** Polls the queue every 5 s while it holds work, and stops once it is empty; restart checks again at once (clear: a new project). */
export function watchQueue({ restart = false, clear = false }: { restart?: boolean; clear?: boolean } = {}): void {
  if (controller && !restart) return;
  controller?.abort();
  const own = new AbortController();
  controller = own;
  $queue.set({ status: clear ? null : $queue.get().status, polling: true });
  poll({
    check: fetchQueueStatus,
    isDone: (status) => !queueIsActive(status),
    schedule: QUEUE_POLL,
    signal: own.signal,
    onValue: (status) => $queue.set({ status, polling: true }),
  })
    .catch(() => undefined)
    .finally(() => {
      if (controller !== own) return;
      controller = null;
      $queue.set({ status: $queue.get().status, polling: false });
    });
}

/** Stops polling the queue (the screen showing it closed). */
export function stopWatchingQueue(): void {
  controller?.abort();
  controller = null;
}

/** The spec's message for a failed cancel: 409 started, 404 gone, anything else the fallback. */
export function cancelErrorMessage(error: unknown): string {
  if (error instanceof HTTPError && error.response.status === 409) return QUEUE_ALREADY_STARTED;
  if (error instanceof HTTPError && error.response.status === 404) return QUEUE_NOT_FOUND;
  return QUEUE_CANCEL_FAILED;
}

/** Cancels a queued run, toasts the outcome and checks the queue again. */
export async function cancelQueued(itemId: string): Promise<boolean> {
  try {
    await cancelQueueItem(itemId);
    showToast(QUEUE_CANCELLED, 'success');
    return true;
  } catch (error) {
    showToast(cancelErrorMessage(error), 'error');
    return false;
  } finally {
    watchQueue({ restart: true });
  }
}
