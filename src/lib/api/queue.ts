import type { QueueStatus } from '../workflows/types.ts';
import { api } from './client.ts';

/** GET /queue/status: the selected project's queued and processing runs (project from X-Project-ID). */
export function fetchQueueStatus(): Promise<QueueStatus> {
  return api.get('queue/status').json<QueueStatus>();
}

/** DELETE /queue/items/{id}: cancels a run that has not started. */
export function cancelQueueItem(id: string): Promise<{ message: string }> {
  return api.delete(`queue/items/${id}`).json();
}
