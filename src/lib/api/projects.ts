import type { SessionUser } from '../auth/types.ts';
import type { Project } from '../projects/types.ts';
import { ACCOUNT_CALL, api } from './client.ts';

export type { Project, ProjectRole } from '../projects/types.ts';

/** GET /projects/: every project the caller belongs to. */
export function fetchProjects(): Promise<Project[]> {
  return api.get('projects/', ACCOUNT_CALL).json<Project[]>();
}

/** POST /projects/: a new project owned by the caller (in a language when one is given). */
export function postProject(input: { name: string; description: string; language?: string }): Promise<Project> {
  return api.post('projects/', { ...ACCOUNT_CALL, json: input }).json<Project>();
}

/** PATCH /projects/{id} with a new name, description or language: what the Projects page and the wizard send. */
export function patchProject(
  id: string,
  input: { name?: string; description?: string; language?: string },
): Promise<Project> {
  return api.patch(`projects/${id}`, { ...ACCOUNT_CALL, json: input }).json<Project>();
}

/** GET /users/me/: verifies the stored session and returns fresh user fields (admin flags may change). */
export function fetchMe(): Promise<SessionUser> {
  return api.get('users/me/', ACCOUNT_CALL).json<SessionUser>();
}

/** DELETE /projects/{id} with the typed name (owners): the project and everything in it go. */
export function deleteProject(id: string, confirmName: string): Promise<{ message: string }> {
  return api.delete(`projects/${id}`, { ...ACCOUNT_CALL, json: { confirm_name: confirmName } }).json();
}
