import { HTTPError } from 'ky';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueStatus } from '../../src/lib/workflows/types.ts';

const api = vi.hoisted(() => ({ fetchQueueStatus: vi.fn(), cancelQueueItem: vi.fn() }));
vi.mock('../../src/lib/api/queue.ts', () => api);

const { $queue, cancelQueued, stopWatchingQueue, watchQueue } = await import('../../src/lib/stores/queue.ts');
const { $toasts } = await import('../../src/lib/stores/toasts.ts');

const busy: QueueStatus = { items: [{ id: 'q1', run_id: 'r1', state: 'queued', created_at: '' }], processing_count: 1 };
const empty: QueueStatus = { items: [], processing_count: 0 };

function httpError(status: number): HTTPError {
  const request = new Request('http://localhost/api/queue/items/q1', { method: 'DELETE' });
  return new HTTPError(new Response(JSON.stringify({ detail: 'x' }), { status }), request, {} as never);
}

describe('queue polling', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    $toasts.set([]);
    api.fetchQueueStatus.mockReset();
    api.cancelQueueItem.mockReset();
  });
  afterEach(() => {
    stopWatchingQueue();
    vi.useRealTimers();
  });

  it('polls every 5 s while the queue holds work and stops once it is empty', async () => {
    api.fetchQueueStatus.mockResolvedValueOnce(busy).mockResolvedValueOnce(busy).mockResolvedValueOnce(empty);

    watchQueue();
    await vi.advanceTimersByTimeAsync(30_000);

    expect(api.fetchQueueStatus).toHaveBeenCalledTimes(3);
    expect($queue.get()).toEqual({ status: empty, polling: false });
  });

  it('checks an empty queue once and polls no more', async () => {
    api.fetchQueueStatus.mockResolvedValue(empty);

    watchQueue();
    await vi.advanceTimersByTimeAsync(30_000);

    expect(api.fetchQueueStatus).toHaveBeenCalledTimes(1);
  });

  it.each([
    // Spec §8, word for word.
    ['a queued task', () => Promise.resolve({ message: 'Queued task cancelled' }), 'Queued task cancelled', 'success'],
    [
      'a started task (409)',
      () => Promise.reject(httpError(409)),
      'Task already started and cannot be cancelled',
      'error',
    ],
    ['an unknown task (404)', () => Promise.reject(httpError(404)), 'Task not found in queue', 'error'],
    ['any other failure', () => Promise.reject(httpError(500)), 'Failed to cancel task.', 'error'],
  ])('cancelling %s toasts the spec message and checks the queue again', async (_name, answer, message, type) => {
    api.cancelQueueItem.mockImplementation(answer);
    api.fetchQueueStatus.mockResolvedValue(empty);

    await cancelQueued('q1');
    await vi.advanceTimersByTimeAsync(0);

    expect($toasts.get().map((toast) => ({ message: toast.message, type: toast.type }))).toEqual([{ message, type }]);
    expect(api.fetchQueueStatus).toHaveBeenCalledTimes(1);
  });
});
