import { useStore } from '@nanostores/react';
import type { ProjectRole } from '../../lib/api/projects.ts';
import { $selectedProject } from '../../lib/stores/projects.ts';

/** How a member's role reads on screen. */
export const ROLE_LABEL: Record<ProjectRole, string> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };

/** The one rule of the workspace for write actions (spec §6): owners and editors write, viewers only read. */
export function canWrite(role: ProjectRole | null | undefined): boolean {
  return role === 'owner' || role === 'editor';
}

/** Whether the caller may change the selected project (hides every write action from viewers). */
export function useCanWrite(): boolean {
  return canWrite(useStore($selectedProject)?.role);
}
