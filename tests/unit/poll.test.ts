import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BRAND_TASK_POLL,
  PLAN_TASK_POLL,
  poll,
  PollAbortedError,
  PollTimeoutError,
  PROJECT_BRAND_POLL,
} from '../../src/lib/query/poll.ts';

/** A check that records the fake clock at each call and answers from a script (an Error entry rejects). */
function scripted<T>(answers: (T | Error)[]) {
  const calls: number[] = [];
  const start = Date.now();
  const check = vi.fn(async () => {
    calls.push(Date.now() - start);
    const answer = answers.shift();
    if (answer instanceof Error) throw answer;
    return answer as T;
  });
  return { check, calls };
}

describe('poll', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('checks a brand task first after 6 s, then every 3 s until it is done', async () => {
    const { check, calls } = scripted(['running', 'running', 'done']);
    const seen: string[] = [];

    const result = poll({
      check,
      isDone: (value) => value === 'done',
      schedule: BRAND_TASK_POLL,
      onValue: (value) => seen.push(value),
    });
    await vi.advanceTimersByTimeAsync(20_000);

    await expect(result).resolves.toBe('done');
    expect(calls).toEqual([6_000, 9_000, 12_000]);
    expect(seen).toEqual(['running', 'running', 'done']);
  });

  it('waits 5 s after a failed check before the next one', async () => {
    const { check, calls } = scripted<string>([new Error('network'), 'running', new Error('502'), 'done']);
    const failures: unknown[] = [];

    const result = poll({
      check,
      isDone: (value) => value === 'done',
      schedule: BRAND_TASK_POLL,
      onCheckError: (error) => failures.push(error),
    });
    await vi.advanceTimersByTimeAsync(30_000);

    await expect(result).resolves.toBe('done');
    expect(calls).toEqual([6_000, 11_000, 14_000, 19_000]);
    expect(failures).toHaveLength(2);
  });

  it('polls the project every 5 s and retries after 8 s in the fallback schedule', async () => {
    const { check, calls } = scripted<string>(['pending', new Error('down'), 'completed']);

    const result = poll({ check, isDone: (value) => value === 'completed', schedule: PROJECT_BRAND_POLL });
    await vi.advanceTimersByTimeAsync(30_000);

    await expect(result).resolves.toBe('completed');
    expect(calls).toEqual([5_000, 10_000, 18_000]);
  });

  it('polls a plan task every 5 s, retries after 8 s and stops after 10 minutes, as spec §7 and §9 say', async () => {
    // The spec's numbers, written out: plan status polled every 5 s, retry after 8 s on failure, 10-minute timeout.
    expect(PLAN_TASK_POLL).toEqual({ firstDelayMs: 5_000, intervalMs: 5_000, retryDelayMs: 8_000, timeoutMs: 600_000 });

    const { check, calls } = scripted<string>(['pending', new Error('502'), 'in_progress', 'complete']);
    const result = poll({
      check,
      isDone: (value) => value === 'complete' || value === 'error',
      schedule: PLAN_TASK_POLL,
    });
    await vi.advanceTimersByTimeAsync(30_000);
    await expect(result).resolves.toBe('complete');
    expect(calls).toEqual([5_000, 10_000, 18_000, 23_000]);

    const forever = vi.fn(async () => 'in_progress');
    const outcome = poll({ check: forever, isDone: () => false, schedule: PLAN_TASK_POLL }).catch(
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(599_999);
    expect(forever).toHaveBeenCalledTimes(119); // at 5 s, 10 s, ... 595 s
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(PollTimeoutError);
  });

  it('gives up with a timeout after 10 minutes and checks no more', async () => {
    const check = vi.fn(async () => 'running');

    const result = poll({ check, isDone: () => false, schedule: BRAND_TASK_POLL });
    const outcome = result.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(600_000);
    const callsAtTimeout = check.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);

    expect(await outcome).toBeInstanceOf(PollTimeoutError);
    expect(callsAtTimeout).toBe(198); // at 6 s, 9 s, ... 597 s; the deadline wins the tie at 600 s
    expect(check).toHaveBeenCalledTimes(callsAtTimeout);
  });

  it('stops at once when its signal aborts', async () => {
    const controller = new AbortController();
    const check = vi.fn(async () => 'running');

    const result = poll({ check, isDone: () => false, schedule: BRAND_TASK_POLL, signal: controller.signal });
    const outcome = result.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(7_000);
    controller.abort();
    await vi.advanceTimersByTimeAsync(60_000);

    expect(await outcome).toBeInstanceOf(PollAbortedError);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('uses the intervals it is given', async () => {
    const { check, calls } = scripted(['a', 'b']);

    const result = poll({
      check,
      isDone: (value) => value === 'b',
      schedule: { firstDelayMs: 10, intervalMs: 20, retryDelayMs: 30, timeoutMs: 1_000 },
    });
    await vi.advanceTimersByTimeAsync(100);

    await expect(result).resolves.toBe('b');
    expect(calls).toEqual([10, 30]);
  });
});
