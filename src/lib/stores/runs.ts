import { map } from 'nanostores';
import { announcePostUpdated, fetchPost } from '../api/posts.ts';
import { fetchRun } from '../api/runs.ts';
import { revalidateKeys } from '../query/fetcher.ts';
import { poll, PollAbortedError, PollTimeoutError, WORKFLOW_RUN_POLL } from '../query/poll.ts';
import type { RunStatus, WorkflowRun } from '../workflows/types.ts';
import { dismissToast, pollFailureToasts, showToast } from './toasts.ts';

// Spec §4/§8 messages of a workflow run.
export const RUN_SUCCEEDED = 'Blog created successfully!';
export const RUN_FAILED = 'Blog creation failed. Please check the logs.';
export const RUN_GENERATING = 'Generating content...';
export const RUN_TIMED_OUT = 'Content generation timed out. Please try again.';
export { POST_UPDATED_EVENT } from '../api/posts.ts';

const FINAL: ReadonlySet<string> = new Set(['success', 'error', 'cancelled']);

/** Whether a run status is final (nothing more will happen to the run). */
export function isFinalStatus(status: string): boolean {
  return FINAL.has(status);
}

/** Spec §4: running is displayed as pending. */
export function displayStatus(status: string): string {
  return status === 'running' ? 'pending' : status;
}

/** A run the browser follows (spec §3's local tracking fields); 'unknown' until its first check when not started here. */
export interface TrackedRun {
  runId: string;
  status: RunStatus | 'unknown';
  stepsCompleted: number;
  totalSteps: number;
  postId: string | null;
  run: WorkflowRun | null;
}

export type RunOutcome = 'success' | 'error' | 'cancelled' | 'timeout' | 'stopped';

export const $trackedRuns = map<Record<string, TrackedRun>>({});

const watching = new Map<string, { promise: Promise<RunOutcome>; controller: AbortController }>();

/** The post id a run saved: the run's own field, else the save_post node's saved_blog_post / updated_blog_post. */
export function runPostId(run: WorkflowRun): string | null {
  if (run.post_id) return run.post_id;
  for (const node of run.node_runs ?? []) {
    const output = node.output as
      | { saved_blog_post?: { id?: string }; updated_blog_post?: { id?: string } }
      | null
      | undefined;
    const id = output?.saved_blog_post?.id ?? output?.updated_blog_post?.id;
    if (id) return id;
  }
  return null;
}

function tracked(runId: string, run: WorkflowRun): TrackedRun {
  const nodes = run.node_runs ?? [];
  return {
    runId,
    status: run.status,
    stepsCompleted: nodes.filter((node) => isFinalStatus(node.status) || node.status === 'skipped').length,
    totalSteps: nodes.length,
    postId: runPostId(run),
    run,
  };
}

export interface TrackRunOptions {
  /** True for a run started in this browser: its first change to success or error is toasted. */
  announce?: boolean;
  /** Called with the full post once the run succeeded (spec §3's success callback). */
  onSuccess?: (post: unknown) => void;
}

/** Follows a run every 5 s until it ends; on the first change to success toasts, fetches the post and announces it. */
export function trackRun(runId: string, { announce = false, onSuccess }: TrackRunOptions = {}): Promise<RunOutcome> {
  const existing = watching.get(runId);
  if (existing) return existing.promise;
  const controller = new AbortController();
  const known = $trackedRuns.get()[runId];
  let previous: TrackedRun['status'] = known?.status ?? (announce ? 'pending' : 'unknown');
  if (!known)
    $trackedRuns.setKey(runId, { runId, status: previous, stepsCompleted: 0, totalSteps: 0, postId: null, run: null });
  let generatingToast: number | null = null;
  const clearGenerating = () => {
    if (generatingToast !== null) dismissToast(generatingToast);
    generatingToast = null;
  };

  const failures = pollFailureToasts();

  const promise = (async (): Promise<RunOutcome> => {
    try {
      const final = await poll({
        check: () => fetchRun(runId),
        isDone: (run) => isFinalStatus(run.status),
        schedule: WORKFLOW_RUN_POLL,
        signal: controller.signal,
        onCheckError: failures.failed,
        onValue: (run) => {
          failures.answered();
          $trackedRuns.setKey(runId, tracked(runId, run));
          if (!isFinalStatus(run.status)) previous = run.status;
          if (announce && !isFinalStatus(run.status)) {
            clearGenerating();
            generatingToast = showToast(RUN_GENERATING, 'generating');
          }
        },
      });
      clearGenerating();
      // The first change to a final status: seen working here before, or started here (announce).
      const changed = previous !== 'unknown' && !isFinalStatus(previous);
      if (final.status === 'success') {
        revalidateKeys((key) => key.startsWith('workflows/runs/') || key.startsWith('blogs/posts/'));
        if (changed) await announceSuccess(final, onSuccess);
      } else if (final.status === 'error') {
        revalidateKeys((key) => key.startsWith('workflows/runs/'));
        if (changed) showToast(RUN_FAILED, 'error');
      }
      return final.status as RunOutcome;
    } catch (error) {
      clearGenerating();
      if (error instanceof PollAbortedError) return 'stopped';
      if (error instanceof PollTimeoutError && announce) showToast(RUN_TIMED_OUT, 'error');
      return 'timeout';
    } finally {
      watching.delete(runId);
    }
  })();
  watching.set(runId, { promise, controller });
  return promise;
}

async function announceSuccess(run: WorkflowRun, onSuccess: TrackRunOptions['onSuccess']): Promise<void> {
  showToast(RUN_SUCCEEDED, 'success');
  const postId = runPostId(run);
  if (!postId) return;
  try {
    const post = await fetchPost(postId);
    announcePostUpdated(post);
    onSuccess?.(post);
  } catch {
    // The post stays reachable from the run view and the post list; the run itself succeeded.
  }
}

/** Stops following a run (a closed run view); the run itself goes on. */
export function stopTrackingRun(runId: string): void {
  watching.get(runId)?.controller.abort();
}

/** Whether any run started or viewed here is still working (drives the active-work indicator). */
export function hasActiveRuns(): boolean {
  return watching.size > 0;
}
