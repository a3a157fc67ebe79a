import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkflowRun } from '../../src/lib/workflows/types.ts';

const api = vi.hoisted(() => ({ fetchRun: vi.fn(), fetchPost: vi.fn() }));
vi.mock('../../src/lib/api/runs.ts', () => ({ fetchRun: api.fetchRun }));
vi.mock('../../src/lib/api/client.ts', () => ({ api: {} }));
vi.mock('../../src/lib/api/posts.ts', async (original) => ({
  ...(await original<typeof import('../../src/lib/api/posts.ts')>()),
  fetchPost: api.fetchPost,
}));
vi.mock('../../src/lib/query/fetcher.ts', () => ({ revalidateKeys: vi.fn() }));

const { $trackedRuns, displayStatus, POST_UPDATED_EVENT, stopTrackingRun, trackRun } = await import(
  '../../src/lib/stores/runs.ts'
);
const { $toasts } = await import('../../src/lib/stores/toasts.ts');

/** A node as the fixtures write it: the API's other fields (output, error) filled in. */
type NodeFixture = { node_id: string; block_type: string; status: string; output?: unknown };

function run(status: WorkflowRun['status'], nodes: NodeFixture[] = []): WorkflowRun {
  return {
    run_id: 'r1',
    workflow_id: 'w1',
    project_id: 'p1',
    status,
    error: null,
    error_node_id: null,
    post_id: null,
    created_at: '',
    started_at: null,
    finished_at: null,
    node_runs: nodes.map((node) => ({ output: undefined, error: null, ...node })) as WorkflowRun['node_runs'],
  };
}

// Spec §4/§8, word for word (not the constants of the code under test).
const RUN_SUCCEEDED = 'Blog created successfully!';
const RUN_FAILED = 'Blog creation failed. Please check the logs.';
const RUN_GENERATING = 'Generating content...';
const RUN_TIMED_OUT = 'Content generation timed out. Please try again.';
const POLL_FAILED = 'An error occurred while polling the task.';

const saved = {
  node_id: 'save',
  block_type: 'save_post',
  status: 'success',
  output: { saved_blog_post: { id: 'post-7' } },
};

/** Every toast shown so far, including ones already gone. */
function toastLog() {
  const shown: { message: string; type: string }[] = [];
  const seen = new Set<number>();
  const unsubscribe = $toasts.subscribe((toasts) => {
    for (const toast of toasts)
      if (!seen.has(toast.id)) seen.add(toast.id) && shown.push({ message: toast.message, type: toast.type });
  });
  return { shown, unsubscribe };
}

describe('trackRun', () => {
  let events: EventTarget;
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    events = new EventTarget();
    vi.stubGlobal('window', events);
    $trackedRuns.set({});
    $toasts.set([]);
    api.fetchRun.mockReset();
    api.fetchPost.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('checks at once, then every 5 s, and on the change to success toasts, fetches the post and announces it', async () => {
    api.fetchRun
      .mockResolvedValueOnce(run('pending'))
      .mockResolvedValueOnce(run('in_progress', [{ node_id: 'topic', block_type: 'topic_input', status: 'success' }]))
      .mockResolvedValueOnce(run('success', [saved]));
    api.fetchPost.mockResolvedValue({ id: 'post-7', title: 'Hello' });
    const announced: unknown[] = [];
    events.addEventListener(POST_UPDATED_EVENT, (event) => announced.push((event as CustomEvent).detail.post));
    const onSuccess = vi.fn();
    const log = toastLog();

    const outcome = trackRun('r1', { announce: true, onSuccess });
    await vi.advanceTimersByTimeAsync(10_000);

    await expect(outcome).resolves.toBe('success');
    expect(api.fetchRun).toHaveBeenCalledTimes(3);
    expect(log.shown).toEqual([
      { message: RUN_GENERATING, type: 'generating' },
      { message: RUN_GENERATING, type: 'generating' },
      { message: RUN_SUCCEEDED, type: 'success' },
    ]);
    expect(api.fetchPost).toHaveBeenCalledWith('post-7');
    expect(announced).toEqual([{ id: 'post-7', title: 'Hello' }]);
    expect(onSuccess).toHaveBeenCalledWith({ id: 'post-7', title: 'Hello' });
    expect($trackedRuns.get().r1).toMatchObject({
      status: 'success',
      postId: 'post-7',
      stepsCompleted: 1,
      totalSteps: 1,
    });
    log.unsubscribe();
  });

  it('fetches and announces the post a run rewrote (updated_blog_post)', async () => {
    const updated = {
      node_id: 'save',
      block_type: 'save_post',
      status: 'success',
      output: { updated_blog_post: { id: 'post-3' } },
    };
    api.fetchRun.mockResolvedValueOnce(run('running')).mockResolvedValueOnce(run('success', [updated]));
    api.fetchPost.mockResolvedValue({ id: 'post-3', title: 'Rewritten' });
    const announced: unknown[] = [];
    events.addEventListener(POST_UPDATED_EVENT, (event) => announced.push((event as CustomEvent).detail.post));

    const outcome = trackRun('r1', { announce: true });
    await vi.advanceTimersByTimeAsync(5_000);

    await expect(outcome).resolves.toBe('success');
    expect(api.fetchPost).toHaveBeenCalledWith('post-3');
    expect(announced).toEqual([{ id: 'post-3', title: 'Rewritten' }]);
    expect($trackedRuns.get().r1).toMatchObject({ postId: 'post-3' });
  });

  it('keeps only one generating toast on screen while the run works', async () => {
    api.fetchRun.mockResolvedValue(run('running'));

    trackRun('r1', { announce: true });
    await vi.advanceTimersByTimeAsync(15_000);

    expect($toasts.get().filter((toast) => toast.message === RUN_GENERATING && !toast.leaving)).toHaveLength(1);
    expect(api.fetchRun).toHaveBeenCalledTimes(4);
    stopTrackingRun('r1');
  });

  it('toasts the failure message when the run ends in error, and fetches no post', async () => {
    api.fetchRun.mockResolvedValueOnce(run('running')).mockResolvedValueOnce(run('error'));
    const log = toastLog();

    const outcome = trackRun('r1', { announce: true });
    await vi.advanceTimersByTimeAsync(5_000);

    await expect(outcome).resolves.toBe('error');
    expect(log.shown.at(-1)).toEqual({ message: RUN_FAILED, type: 'error' });
    expect(api.fetchPost).not.toHaveBeenCalled();
    log.unsubscribe();
  });

  it('says nothing about a run that had already finished when a view opened it', async () => {
    api.fetchRun.mockResolvedValue(run('success', [saved]));
    const log = toastLog();

    const outcome = trackRun('r1');
    await vi.advanceTimersByTimeAsync(0);

    await expect(outcome).resolves.toBe('success');
    expect(log.shown).toEqual([]);
    expect(api.fetchPost).not.toHaveBeenCalled();
    expect(api.fetchRun).toHaveBeenCalledTimes(1);
    log.unsubscribe();
  });

  it('announces a viewed run that finishes while it is watched', async () => {
    api.fetchRun.mockResolvedValueOnce(run('running')).mockResolvedValueOnce(run('success', [saved]));
    api.fetchPost.mockResolvedValue({ id: 'post-7' });
    const log = toastLog();

    const outcome = trackRun('r1');
    await vi.advanceTimersByTimeAsync(5_000);

    await expect(outcome).resolves.toBe('success');
    expect(log.shown).toEqual([{ message: RUN_SUCCEEDED, type: 'success' }]);
    log.unsubscribe();
  });

  it('polls a run once however many screens follow it', async () => {
    api.fetchRun.mockResolvedValue(run('running'));

    const first = trackRun('r1', { announce: true });
    const second = trackRun('r1');
    await vi.advanceTimersByTimeAsync(5_000);

    expect(first).toBe(second);
    expect(api.fetchRun).toHaveBeenCalledTimes(2);
    stopTrackingRun('r1');
    await expect(first).resolves.toBe('stopped');
  });

  it('gives up after 10 minutes with the content timeout message', async () => {
    api.fetchRun.mockResolvedValue(run('pending'));
    const log = toastLog();

    const outcome = trackRun('r1', { announce: true });
    await vi.advanceTimersByTimeAsync(600_000);

    await expect(outcome).resolves.toBe('timeout');
    expect(log.shown.at(-1)).toEqual({ message: RUN_TIMED_OUT, type: 'error' });
    log.unsubscribe();
  });

  it('says once that polling failed while checks keep failing, goes on polling and announces the success', async () => {
    const down = new Error('network down');
    api.fetchRun
      .mockResolvedValueOnce(run('running'))
      .mockRejectedValueOnce(down)
      .mockRejectedValueOnce(down)
      .mockResolvedValueOnce(run('running'))
      .mockRejectedValueOnce(down)
      .mockResolvedValueOnce(run('success', [saved]));
    api.fetchPost.mockResolvedValue({ id: 'post-7' });
    const log = toastLog();

    const outcome = trackRun('r1', { announce: true });
    await vi.advanceTimersByTimeAsync(25_000);

    await expect(outcome).resolves.toBe('success');
    expect(api.fetchRun).toHaveBeenCalledTimes(6);
    // One message for the first streak of two failed checks, one for the second; the run still ends announced.
    expect(log.shown.filter((toast) => toast.message === POLL_FAILED)).toEqual([
      { message: POLL_FAILED, type: 'error' },
      { message: POLL_FAILED, type: 'error' },
    ]);
    expect(log.shown.at(-1)).toEqual({ message: RUN_SUCCEEDED, type: 'success' });
    log.unsubscribe();
  });

  it('shows running as pending', () => {
    expect(displayStatus('running')).toBe('pending');
    expect(displayStatus('in_progress')).toBe('in_progress');
  });
});
