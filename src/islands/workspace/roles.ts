import type { ProjectRole } from '../../lib/api/projects.ts';

/** How a member's role reads on screen. */
export const ROLE_LABEL: Record<ProjectRole, string> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };
