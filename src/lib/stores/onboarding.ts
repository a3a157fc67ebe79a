import { atom } from 'nanostores';
import { DEFAULT_PROJECT_NAME, type Project } from '../projects/types.ts';
import type { Prompt } from '../prompts/types.ts';

export type OnboardingStep = 1 | 2 | 3;

/**
 * The wizard's state in this page session. The step itself comes from where the project stands (resumeStep), so a
 * reload or a later visit resumes there; this only keeps what the project does not show: a step the user went back
 * to, the projects whose default name was confirmed, the guide step 2 produced, and "Skip for now".
 */
export interface OnboardingState {
  /** A step the user went back to (Cancel on step 2) for a project, shown instead of where it stands. */
  back: { projectId: string; step: OnboardingStep } | null;
  /** Projects whose name the user confirmed in step 1 this session, even if it is the default name. */
  named: string[];
  prompt: Prompt | null;
  skipped: boolean;
}

export const $onboarding = atom<OnboardingState>({ back: null, named: [], prompt: null, skipped: false });

/**
 * Spec §2.4, resumed where the project stands: no project, or one still called "Untitled Project" (nobody named it)
 * → 1; no style guide → 2; a guide but no 30-day plan → 3; null once the plan exists (the wizard is done).
 */
export function resumeStep(project: Project | null, named: readonly string[] = []): OnboardingStep | null {
  if (!project) return 1;
  if (project.planned_at) return null;
  if (project.name === DEFAULT_PROJECT_NAME && !named.includes(project.id)) return 1;
  if (!project.default_prompt_id) return 2;
  return 3;
}

/** Step 1 done for a project: its name is confirmed, and the wizard moves on to where the project stands. */
export function confirmName(projectId: string): void {
  const state = $onboarding.get();
  $onboarding.set({
    ...state,
    back: null,
    named: state.named.includes(projectId) ? state.named : [...state.named, projectId],
  });
}

/** Shows an earlier step for a project (Cancel on step 2 goes back to the name). */
export function goBack(projectId: string, step: OnboardingStep): void {
  $onboarding.set({ ...$onboarding.get(), back: { projectId, step } });
}

/** Step 2 done: the guide it produced is handed to step 3 (spec §4), and the wizard follows the project again. */
export function guideReady(prompt: Prompt | null): void {
  $onboarding.set({ ...$onboarding.get(), back: null, prompt });
}

/** "Skip for now": hides the wizard until the page is loaded again (the Connect Website banner stays). */
export function skipOnboarding(): void {
  $onboarding.set({ ...$onboarding.get(), skipped: true });
}
