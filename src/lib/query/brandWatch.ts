// How a started brand task ends (spec §4, §7, §8), apart from the HTTP calls, so unit tests drive it on a fake clock.
import { BRAND_TASK_POLL, poll, PollAbortedError, PollTimeoutError, PROJECT_BRAND_POLL } from './poll.ts';

export const BRAND_FAILED = 'Brand processing failed.';
export const BRAND_TIMED_OUT = 'Brand processing timed out. Please try again.';

/** What a status check answers (the fields used here). */
export interface BrandTaskCheck {
  status: string;
  message?: string | null;
  progress?: number | null;
  /** Why it failed (the site could not be reached, robots.txt forbids it...), shown under the message. */
  reason?: string | null;
}

export type BrandOutcome =
  | { status: 'complete' }
  | { status: 'error'; message: string; reason: string | null }
  | { status: 'aborted' };

export interface WatchBrandOptions {
  /** The task id from the start call; without one the project is polled instead (spec §7 fallback). */
  taskId: string | null | undefined;
  checkTask: (taskId: string) => Promise<BrandTaskCheck>;
  checkProject: () => Promise<{ brand_info_status: string | null }>;
  onProgress?: (progress: { message: string | null; progress: number }) => void;
  signal?: AbortSignal;
}

/** Follows a brand task to its end: complete, an error with the message to show, or stopped by the caller. */
export async function watchBrandTask({
  taskId,
  checkTask,
  checkProject,
  onProgress,
  signal,
}: WatchBrandOptions): Promise<BrandOutcome> {
  try {
    if (taskId) {
      const final = await poll({
        check: () => checkTask(taskId),
        isDone: (task) => task.status === 'complete' || task.status === 'error',
        schedule: BRAND_TASK_POLL,
        onValue: (task) =>
          onProgress?.({
            message: task.message || null,
            progress: Math.max(0, Math.min(100, Math.round(task.progress ?? 0))),
          }),
        signal,
      });
      return final.status === 'error'
        ? { status: 'error', message: final.message || BRAND_FAILED, reason: final.reason || null }
        : { status: 'complete' };
    }
    const final = await poll({
      check: checkProject,
      isDone: (project) => project.brand_info_status === 'completed' || project.brand_info_status === 'failed',
      schedule: PROJECT_BRAND_POLL,
      signal,
    });
    return final.brand_info_status === 'failed'
      ? { status: 'error', message: BRAND_FAILED, reason: null }
      : { status: 'complete' };
  } catch (error) {
    if (error instanceof PollAbortedError) return { status: 'aborted' };
    return {
      status: 'error',
      message: error instanceof PollTimeoutError ? BRAND_TIMED_OUT : BRAND_FAILED,
      reason: null,
    };
  }
}
