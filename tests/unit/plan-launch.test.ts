// The wizard's plan launch (spec §5, §7, §8): the server's "No style guide found" refusal is shown as is, any other
// start failure as "Failed to start plan generation."; polling every 5 s ends in the ready message or the timeout.
import { HTTPError } from 'ky';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ startPlan: vi.fn(), fetchPlanTask: vi.fn() }));
vi.mock('../../src/lib/api/plan.ts', () => api);

const { $planLaunch, launchPlan } = await import('../../src/lib/stores/plan.ts');
const { $toasts } = await import('../../src/lib/stores/toasts.ts');

function refusal(status: number, detail: string): HTTPError {
  const error = new HTTPError(
    new Response(null, { status }),
    new Request('http://local/api/blogs/posts/plan/p/g'),
    {} as never,
  );
  return Object.assign(error, { data: { detail } });
}
const messages = () => $toasts.get().map((toast) => toast.message);

describe('launchPlan', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    $toasts.set([]);
    $planLaunch.set({ projectId: null, phase: 'idle' });
  });
  afterEach(() => vi.useRealTimers());

  it("shows the server's no-style-guide refusal, and the spec's start failure for anything else", async () => {
    api.startPlan.mockRejectedValueOnce(refusal(404, 'No style guide found for this project.'));
    await launchPlan('p', 'g');
    expect(messages()).toEqual(['Kicking off your 30-day content plan...', 'No style guide found for this project.']);

    $toasts.set([]);
    api.startPlan.mockRejectedValueOnce(refusal(500, 'boom'));
    await launchPlan('p', 'g');
    expect(messages()).toEqual(['Kicking off your 30-day content plan...', 'Failed to start plan generation.']);
    expect($planLaunch.get()).toEqual({ projectId: 'p', phase: 'error' });
  });

  it('says "No style guide found for this project." without asking the server when the project has no style guide', async () => {
    api.startPlan.mockClear();
    await launchPlan('p', null);
    await launchPlan('p', undefined);
    expect(messages()).toEqual(['No style guide found for this project.', 'No style guide found for this project.']);
    expect(api.startPlan).not.toHaveBeenCalled();
    expect($planLaunch.get()).toEqual({ projectId: null, phase: 'idle' });
  });

  it("shows the message of a task that ended in error (the server's failure text)", async () => {
    api.startPlan.mockResolvedValueOnce({ task_id: 't' });
    api.fetchPlanTask.mockResolvedValueOnce({
      task_id: 't',
      status: 'error',
      message: 'Plan generation failed. Please try again.',
    });
    const done = launchPlan('p', 'g');
    await vi.advanceTimersByTimeAsync(5_000);
    await done;
    expect(messages()).toEqual([
      'Kicking off your 30-day content plan...',
      'Plan generation failed. Please try again.',
    ]);
    expect($planLaunch.get()).toEqual({ projectId: 'p', phase: 'error' });
  });

  it('polls every 5 s until the plan is ready', async () => {
    api.startPlan.mockResolvedValueOnce({ task_id: 't' });
    api.fetchPlanTask
      .mockResolvedValueOnce({ task_id: 't', status: 'in_progress', message: '' })
      .mockResolvedValueOnce({ task_id: 't', status: 'complete', message: '' });
    const done = launchPlan('p', 'g');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(api.fetchPlanTask).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    await done;
    expect(messages()).toContain('Your 30-day plan is ready!');
    expect($planLaunch.get()).toEqual({ projectId: 'p', phase: 'ready' });
  });

  it('says that polling failed when a status check fails, retries after 8 s and still ends ready', async () => {
    api.startPlan.mockResolvedValueOnce({ task_id: 't' });
    api.fetchPlanTask.mockReset();
    api.fetchPlanTask
      .mockRejectedValueOnce(new Error('network down'))
      .mockResolvedValueOnce({ task_id: 't', status: 'complete', message: '' });
    const done = launchPlan('p', 'g');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(messages().filter((message) => message === 'An error occurred while polling the task.')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(7_999);
    expect(api.fetchPlanTask).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(api.fetchPlanTask).toHaveBeenCalledTimes(2);
    expect(messages()).toContain('Your 30-day plan is ready!');
  });

  it('gives up after 10 minutes with the timeout message', async () => {
    api.startPlan.mockResolvedValueOnce({ task_id: 't' });
    api.fetchPlanTask.mockResolvedValue({ task_id: 't', status: 'in_progress', message: '' });
    const done = launchPlan('p', 'g');
    await vi.advanceTimersByTimeAsync(600_000);
    await done;
    expect(messages()).toContain('Content generation timed out. Please try again.');
  });
});
