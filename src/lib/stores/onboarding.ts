import { atom } from 'nanostores';
import type { Prompt } from '../prompts/types.ts';

/** Where the onboarding wizard is (spec §2.4, steps 1 → 2 → 3) and the guide step 2 produced for step 3. */
export interface OnboardingState {
  step: 1 | 2 | 3;
  /** The project the wizard is walking through; step 3 stays on screen for it after it gains brand content. */
  projectId: string | null;
  prompt: Prompt | null;
  skipped: boolean;
}

export const $onboarding = atom<OnboardingState>({ step: 1, projectId: null, prompt: null, skipped: false });

/** Moves the wizard to a step for a project. */
export function goToStep(
  step: OnboardingState['step'],
  projectId: string,
  prompt: Prompt | null = $onboarding.get().prompt,
): void {
  $onboarding.set({ ...$onboarding.get(), step, projectId, prompt });
}

/** "Skip for now": hides the wizard until the page is loaded again (the Connect Website banner stays). */
export function skipOnboarding(): void {
  $onboarding.set({ ...$onboarding.get(), skipped: true });
}
