import type { PlanTaskStatus } from '../calendar/schema.ts';
import { api } from './client.ts';

export type { PlanTaskStatus } from '../calendar/schema.ts';

/** POST /blogs/posts/plan/{projectId}/{promptId}: starts the 30-day plan (the content-plan issue serves it). */
export function startPlan(projectId: string, promptId: string): Promise<{ task_id: string }> {
  return api.post(`blogs/posts/plan/${projectId}/${promptId}`).json();
}

/** GET /blogs/posts/plan/status/{taskId}: one check of the plan task. */
export function fetchPlanTask(taskId: string): Promise<PlanTaskStatus> {
  return api.get(`blogs/posts/plan/status/${taskId}`).json<PlanTaskStatus>();
}
