import type { CustomDomain } from '../domains/schema.ts';
import type { Project } from '../projects/types.ts';
import { $projects } from '../stores/projects.ts';
import { api } from './client.ts';

export type { CustomDomain } from '../domains/schema.ts';

/** The project list keeps custom_blog_domain, which the Connect Domain banner reads, and the blog settings. */
function remember(projectId: string, fields: Partial<Project>): void {
  const state = $projects.get();
  $projects.set({
    ...state,
    list: state.list.map((project) => (project.id === projectId ? { ...project, ...fields } : project)),
  });
}

/** The blog settings PATCH /projects/{id} takes; a field left out stays as it is. */
export interface BlogSettings {
  blog_logo_url?: string | null;
  blog_accent_color?: string;
  blog_base_path?: string;
}

/** PATCH /projects/{id} with the blog's logo, accent colour and base path; the project list follows. */
export async function saveBlogSettings(projectId: string, input: BlogSettings): Promise<Project> {
  const saved = await api.patch(`projects/${projectId}`, { json: input }).json<Project>();
  remember(projectId, {
    blog_logo_url: saved.blog_logo_url,
    blog_accent_color: saved.blog_accent_color,
    blog_base_path: saved.blog_base_path,
  });
  return saved;
}

/** GET /projects/{id}/custom-domain. */
export function fetchCustomDomain(projectId: string): Promise<CustomDomain> {
  return api.get(`projects/${projectId}/custom-domain`).json<CustomDomain>();
}

/** POST /projects/{id}/custom-domain: saves the domain (pending until DNS verifies it). */
export async function connectCustomDomain(projectId: string, domain: string): Promise<CustomDomain> {
  const saved = await api.post(`projects/${projectId}/custom-domain`, { json: { domain } }).json<CustomDomain>();
  remember(projectId, { custom_blog_domain: saved.domain, blog_base_path: saved.base_path });
  return saved;
}

/** POST /projects/{id}/custom-domain/verify: looks for the TXT record again. */
export function verifyCustomDomain(projectId: string): Promise<CustomDomain> {
  return api.post(`projects/${projectId}/custom-domain/verify`).json<CustomDomain>();
}

/** DELETE /projects/{id}/custom-domain. */
export async function removeCustomDomain(projectId: string): Promise<{ message: string }> {
  const removed = await api.delete(`projects/${projectId}/custom-domain`).json<{ message: string }>();
  remember(projectId, { custom_blog_domain: null, blog_base_path: '' });
  return removed;
}
