import { $projects } from '../stores/projects.ts';
import { api } from './client.ts';

/** A project's blog address and custom domain (GET/POST /projects/{id}/custom-domain). */
export interface CustomDomain {
  domain: string | null;
  status: 'pending' | 'verified' | null;
  base_path: string;
  blog_url: string;
  records: { type: 'CNAME' | 'TXT'; name: string; value: string }[];
  checked_at: string | null;
  verified_at: string | null;
  message?: string;
}

/** The project list keeps custom_blog_domain, which the Connect Domain banner reads. */
function remember(projectId: string, domain: string | null): void {
  const state = $projects.get();
  $projects.set({ ...state, list: state.list.map((project) => (project.id === projectId ? { ...project, custom_blog_domain: domain } : project)) });
}

/** GET /projects/{id}/custom-domain. */
export function fetchCustomDomain(projectId: string): Promise<CustomDomain> {
  return api.get(`projects/${projectId}/custom-domain`).json<CustomDomain>();
}

/** POST /projects/{id}/custom-domain: saves the domain (pending until DNS verifies it). */
export async function connectCustomDomain(projectId: string, input: { domain: string; base_path?: string }): Promise<CustomDomain> {
  const saved = await api.post(`projects/${projectId}/custom-domain`, { json: input }).json<CustomDomain>();
  remember(projectId, saved.domain);
  return saved;
}

/** POST /projects/{id}/custom-domain/verify: looks for the TXT record again. */
export function verifyCustomDomain(projectId: string): Promise<CustomDomain> {
  return api.post(`projects/${projectId}/custom-domain/verify`).json<CustomDomain>();
}

/** DELETE /projects/{id}/custom-domain. */
export async function removeCustomDomain(projectId: string): Promise<{ message: string }> {
  const removed = await api.delete(`projects/${projectId}/custom-domain`).json<{ message: string }>();
  remember(projectId, null);
  return removed;
}
