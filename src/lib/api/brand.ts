import type { Project } from '../projects/types.ts';
import type { BrandTaskStatus } from '../prompts/types.ts';
import { api } from './client.ts';

/**
 * POST /projects/{id}/brand-fetch-and-generate-guide: starts the brand task; task_id may be missing (spec §7
 * fallback). Example articles given replace the project's; left out, its stored ones are read again.
 */
export function startBrandTask(
  projectId: string,
  brandUrl: string,
  exampleUrls?: string[],
): Promise<{ message?: string; task_id?: string | null }> {
  const json = exampleUrls ? { brand_url: brandUrl, example_urls: exampleUrls } : { brand_url: brandUrl };
  return api.post(`projects/${projectId}/brand-fetch-and-generate-guide`, { json }).json();
}

/** GET /projects/brand-guide/status/{task_id}: one check of a running brand task. */
export function fetchBrandTask(taskId: string): Promise<BrandTaskStatus> {
  return api.get(`projects/brand-guide/status/${taskId}`).json<BrandTaskStatus>();
}

/** GET /projects/{id}: the project alone, for the fallback poll of brand_info_status. */
export function fetchProject(projectId: string): Promise<Project> {
  return api.get(`projects/${projectId}`).json<Project>();
}

/** PATCH /projects/{id}: makes a style guide the project's default. */
export function patchDefaultPrompt(projectId: string, promptId: string): Promise<Project> {
  return api.patch(`projects/${projectId}`, { json: { default_prompt_id: promptId } }).json<Project>();
}
