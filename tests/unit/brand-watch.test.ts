import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BRAND_FAILED, BRAND_TIMED_OUT, watchBrandTask, type BrandTaskCheck } from '../../src/lib/query/brandWatch.ts';

const noProject = async () => {
  throw new Error('the project must not be polled while there is a task id');
};

describe('watchBrandTask', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('reports each stage and completes with the task', async () => {
    const answers: BrandTaskCheck[] = [
      { status: 'in_progress', message: 'Fetching https://example.com...', progress: 10 },
      { status: 'in_progress', message: 'Reading 4 pages...', progress: 55.4 },
      { status: 'complete', message: 'Done', progress: 100 },
    ];
    const seen: unknown[] = [];

    const outcome = watchBrandTask({
      taskId: 't1',
      checkTask: async () => answers.shift()!,
      checkProject: noProject,
      onProgress: (value) => seen.push(value),
    });
    await vi.advanceTimersByTimeAsync(12_000);

    await expect(outcome).resolves.toEqual({ status: 'complete' });
    expect(seen).toEqual([
      { message: 'Fetching https://example.com...', progress: 10 },
      { message: 'Reading 4 pages...', progress: 55 },
      { message: 'Done', progress: 100 },
    ]);
  });

  it("shows the task's own failure message (else 'Brand processing failed.') and its reason", async () => {
    const withMessage = watchBrandTask({
      taskId: 't1',
      checkTask: async () => ({
        status: 'error',
        message: 'Brand processing failed. Please try again or provide brand context manually.',
        reason: 'Could not connect to example.com: the connection was refused.',
      }),
      checkProject: noProject,
    });
    const without = watchBrandTask({
      taskId: 't2',
      checkTask: async () => ({ status: 'error', message: '' }),
      checkProject: noProject,
    });
    await vi.advanceTimersByTimeAsync(6_000);

    await expect(withMessage).resolves.toEqual({
      status: 'error',
      message: 'Brand processing failed. Please try again or provide brand context manually.',
      reason: 'Could not connect to example.com: the connection was refused.',
    });
    await expect(without).resolves.toEqual({ status: 'error', message: BRAND_FAILED, reason: null });
  });

  it('times out after 10 minutes with the spec message', async () => {
    const outcome = watchBrandTask({
      taskId: 't1',
      checkTask: async () => ({ status: 'in_progress', progress: 50 }),
      checkProject: noProject,
    });
    await vi.advanceTimersByTimeAsync(600_000);

    await expect(outcome).resolves.toEqual({ status: 'error', message: BRAND_TIMED_OUT, reason: null });
  });

  it('without a task id polls the project every 5 s until brand_info_status is completed', async () => {
    const statuses = ['pending', 'in_progress', 'completed'];
    const calls: number[] = [];
    const checkTask = vi.fn();

    const outcome = watchBrandTask({
      taskId: undefined,
      checkTask,
      checkProject: async () => {
        calls.push(Date.now());
        return { brand_info_status: statuses.shift()! };
      },
    });
    await vi.advanceTimersByTimeAsync(20_000);

    await expect(outcome).resolves.toEqual({ status: 'complete' });
    expect(calls).toEqual([5_000, 10_000, 15_000]);
    expect(checkTask).not.toHaveBeenCalled();
  });

  it('without a task id a failed project ends with "Brand processing failed."', async () => {
    const outcome = watchBrandTask({
      taskId: null,
      checkTask: vi.fn(),
      checkProject: async () => ({ brand_info_status: 'failed' }),
    });
    await vi.advanceTimersByTimeAsync(5_000);

    await expect(outcome).resolves.toEqual({ status: 'error', message: BRAND_FAILED, reason: null });
  });

  it('stops quietly when the caller aborts', async () => {
    const controller = new AbortController();

    const outcome = watchBrandTask({
      taskId: 't1',
      checkTask: async () => ({ status: 'pending' }),
      checkProject: noProject,
      signal: controller.signal,
    });
    controller.abort();

    await expect(outcome).resolves.toEqual({ status: 'aborted' });
  });
});
