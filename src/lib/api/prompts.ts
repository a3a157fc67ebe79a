import type { GeneratedGuide, Prompt, PromptEdit } from '../prompts/types.ts';
import { api } from './client.ts';

/** GET /prompts/{id}: one style guide. */
export function fetchPrompt(id: string): Promise<Prompt> {
  return api.get(`prompts/${id}`).json<Prompt>();
}

/** GET /prompts/project/{projectId}: the project's default style guide (404 when it has none). */
export function fetchDefaultPrompt(projectId: string): Promise<Prompt> {
  return api.get(`prompts/project/${projectId}`).json<Prompt>();
}

/** PATCH /prompts/{id}: saves a writer's edit and answers the stored guide. */
export function patchPrompt(id: string, edit: Partial<PromptEdit>): Promise<Prompt> {
  return api.patch(`prompts/${id}`, { json: edit }).json<Prompt>();
}

/** POST /prompts/generate-and-save-guide (spec §7): multipart, use_brand_context always "false". */
export function generateGuide(input: {
  projectId: string;
  brandContext: string;
  keywords: string[];
}): Promise<GeneratedGuide> {
  const body = new FormData();
  body.set('project_id', input.projectId);
  body.set('use_brand_context', 'false');
  body.set('brand_context_text', input.brandContext);
  body.set('user_keywords_json', JSON.stringify(input.keywords));
  return api.post('prompts/generate-and-save-guide', { body, timeout: 120_000 }).json<GeneratedGuide>();
}
