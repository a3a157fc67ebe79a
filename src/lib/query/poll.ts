// The one polling helper of the workspace (DESIGN.md): every task screen passes the spec's schedule instead of
// keeping its own timers. Pure (no DOM, no API), so unit tests drive it on a fake clock.

/** When to check: the first check, the pause after an answer, the pause after a failed check, the overall limit. */
export interface PollSchedule {
  firstDelayMs: number;
  intervalMs: number;
  retryDelayMs: number;
  timeoutMs: number;
}

/** Spec §7/§9: brand task status — first check after 6 s, then every 3 s, retry after 5 s, 10 minutes at most. */
export const BRAND_TASK_POLL: PollSchedule = {
  firstDelayMs: 6_000,
  intervalMs: 3_000,
  retryDelayMs: 5_000,
  timeoutMs: 600_000,
};

/** Spec §7/§9: the project while no brand task id came back — every 5 s, retry after 8 s, timeout 600000 ms. */
export const PROJECT_BRAND_POLL: PollSchedule = {
  firstDelayMs: 5_000,
  intervalMs: 5_000,
  retryDelayMs: 8_000,
  timeoutMs: 600_000,
};

/** Spec §7/§9: plan task status — every 5 s, retry after 8 s, 10 minutes at most. */
export const PLAN_TASK_POLL: PollSchedule = {
  firstDelayMs: 5_000,
  intervalMs: 5_000,
  retryDelayMs: 8_000,
  timeoutMs: 600_000,
};

/** Spec §7/§9: workflow run status — every 5 s while it works (first check at once, so a run view fills in), 10 minutes at most. */
export const WORKFLOW_RUN_POLL: PollSchedule = {
  firstDelayMs: 0,
  intervalMs: 5_000,
  retryDelayMs: 5_000,
  timeoutMs: 600_000,
};

/** Spec §7/§9: queue status — every 5 s, and only while the queue holds work (first check at once). */
export const QUEUE_POLL: PollSchedule = {
  firstDelayMs: 0,
  intervalMs: 5_000,
  retryDelayMs: 5_000,
  timeoutMs: 3_600_000,
};

/**
 * A post's translation (issue 24; the spec has no schedule for it): first check after 2 s, then every 3 s, retry after
 * 5 s, 15 minutes at most (a long post through a slow local model takes minutes).
 */
export const TRANSLATION_POLL: PollSchedule = {
  firstDelayMs: 2_000,
  intervalMs: 3_000,
  retryDelayMs: 5_000,
  timeoutMs: 900_000,
};

/** The poll ran past its schedule's timeout without a final answer. */
export class PollTimeoutError extends Error {
  constructor() {
    super('Polling timed out.');
    this.name = 'PollTimeoutError';
  }
}

/** The poll was stopped by its caller (a closed screen, a new task). */
export class PollAbortedError extends Error {
  constructor() {
    super('Polling stopped.');
    this.name = 'PollAbortedError';
  }
}

export interface PollOptions<T> {
  /** One check (an API call); a rejection counts as a failed check and is retried after retryDelayMs. */
  check: () => Promise<T>;
  /** Whether an answer is final; the poll resolves with it. */
  isDone: (value: T) => boolean;
  schedule: PollSchedule;
  /** Called with every answer, final or not (progress bars). */
  onValue?: (value: T) => void;
  /** Called with every failed check before its retry. */
  onCheckError?: (error: unknown) => void;
  signal?: AbortSignal;
}

/** Checks on the schedule until an answer is final; rejects with PollTimeoutError or PollAbortedError. */
export function poll<T>({ check, isDone, schedule, onValue, onCheckError, signal }: PollOptions<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;

    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(deadline);
      signal?.removeEventListener('abort', onAbort);
      action();
    };
    const onAbort = () => finish(() => reject(new PollAbortedError()));
    const deadline = setTimeout(() => finish(() => reject(new PollTimeoutError())), schedule.timeoutMs);

    const run = async () => {
      let next = schedule.intervalMs;
      try {
        const value = await check();
        if (settled) return;
        onValue?.(value);
        if (isDone(value)) return finish(() => resolve(value));
      } catch (error) {
        if (settled) return;
        onCheckError?.(error);
        next = schedule.retryDelayMs;
      }
      timer = setTimeout(run, next);
    };

    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort);
    timer = setTimeout(run, schedule.firstDelayMs);
  });
}
