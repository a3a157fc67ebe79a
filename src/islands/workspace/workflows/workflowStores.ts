import { createFetcherStore, revalidateKeys } from '../../../lib/query/fetcher.ts';
import { $selectedProjectId } from '../../../lib/stores/projects.ts';
import type { BlockDef, Workflow, WorkflowRun, WorkflowSummary } from '../../../lib/workflows/types.ts';

/** The block palette (GET /workflows/blocks), the same for every project. */
export const $blocks = createFetcherStore<BlockDef[]>(['workflows/blocks']);

/** The selected project's workflows. */
export const $projectWorkflows = createFetcherStore<WorkflowSummary[]>(['workflows/project/', $selectedProjectId]);

/** The selected project's ten most recent runs. */
export const $projectRuns = createFetcherStore<WorkflowRun[]>([
  'workflows/runs/project/',
  $selectedProjectId,
  '?limit=10',
]);

/** Templates the caller may use (published ones; admins see all). */
export const $templates = createFetcherStore<Workflow[]>(['workflows/templates']);

/** Refetches every cached workflow list and run list after a write. */
export function revalidateWorkflows(): void {
  revalidateKeys((key) => key.startsWith('workflows/'));
}
