import type { Prompt } from '../../../lib/prompts/types.ts';
import { createFetcherStore, revalidateKeys } from '../../../lib/query/fetcher.ts';
import { $selectedProjectId } from '../../../lib/stores/projects.ts';

/** The selected project's style guides, newest first (GET /prompts/project/{id}/all), through the shared cache. */
export const $projectPrompts = createFetcherStore<{ items: Prompt[] }>([
  'prompts/project/',
  $selectedProjectId,
  '/all',
]);

/** Refetches every cached style-guide answer of a project after a write. */
export function revalidateProjectPrompts(projectId: string): void {
  revalidateKeys((key) => key.startsWith(`prompts/project/${projectId}`));
}
