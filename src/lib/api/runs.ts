import type { WorkflowRun } from '../workflows/types.ts';
import { api } from './client.ts';

/** GET /workflows/runs/{runId}: one run with each node's status and output (polled every 5 s while it works). */
export function fetchRun(runId: string): Promise<WorkflowRun> {
  return api.get(`workflows/runs/${runId}`).json<WorkflowRun>();
}

/** GET /workflows/runs/project/{projectId}?limit=: the project's recent runs, newest first. */
export function fetchProjectRuns(projectId: string, limit = 10): Promise<WorkflowRun[]> {
  return api.get(`workflows/runs/project/${projectId}`, { searchParams: { limit } }).json<WorkflowRun[]>();
}
