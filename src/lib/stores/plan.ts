import { atom } from 'nanostores';
import { errorMessage } from '../api/client.ts';
import { fetchPlanTask, startPlan } from '../api/plan.ts';
import { PLAN_TASK_POLL, poll, PollAbortedError, PollTimeoutError } from '../query/poll.ts';
import { loadProjects } from './projects.ts';
import { pollFailureToasts, showToast } from './toasts.ts';

// Spec §5/§8 messages of the plan launch.
export const NO_STYLE_GUIDE = 'No style guide found for this project.';
export const PLAN_KICKOFF = 'Kicking off your 30-day content plan...';
export const PLAN_START_FAILED = 'Failed to start plan generation.';
export const PLAN_READY = 'Your 30-day plan is ready!';
export const PLAN_TIMED_OUT = 'Content generation timed out. Please try again.';

/** The plan launch of the wizard: idle, running (polled), ready (View Your 30-Day Plan) or failed. */
export const $planLaunch = atom<{ projectId: string | null; phase: 'idle' | 'running' | 'ready' | 'error' }>({
  projectId: null,
  phase: 'idle',
});

/** Starts the 30-day plan from the project's style guide and polls it (spec §7: 5 s, retry 8 s, 10 minutes). */
export async function launchPlan(projectId: string, promptId: string | null | undefined): Promise<void> {
  if (!promptId) {
    showToast(NO_STYLE_GUIDE, 'error');
    return;
  }
  $planLaunch.set({ projectId, phase: 'running' });
  showToast(PLAN_KICKOFF, 'info');
  let taskId: string;
  try {
    taskId = (await startPlan(projectId, promptId)).task_id;
  } catch (error) {
    $planLaunch.set({ projectId, phase: 'error' });
    // The server's own refusal when the style guide is gone; any other failure is the spec's start message.
    showToast(errorMessage(error, PLAN_START_FAILED) === NO_STYLE_GUIDE ? NO_STYLE_GUIDE : PLAN_START_FAILED, 'error');
    return;
  }
  try {
    const failures = pollFailureToasts();
    const final = await poll({
      check: () => fetchPlanTask(taskId),
      isDone: (task) => task.status === 'complete' || task.status === 'error',
      schedule: PLAN_TASK_POLL,
      onValue: failures.answered,
      onCheckError: failures.failed,
    });
    if (final.status === 'error') throw new Error(final.message || PLAN_START_FAILED);
    $planLaunch.set({ projectId, phase: 'ready' });
    showToast(PLAN_READY, 'success');
    void loadProjects(); // the project now has its plan (planned_at): onboarding is done, the calendar's button changes
  } catch (error) {
    if (error instanceof PollAbortedError) return;
    $planLaunch.set({ projectId, phase: 'error' });
    showToast(
      error instanceof PollTimeoutError ? PLAN_TIMED_OUT : error instanceof Error ? error.message : PLAN_START_FAILED,
      'error',
    );
  }
}
