import { canWrite, type ServiceContext } from '../lib/context.ts';
import { ForbiddenError, NotFoundError } from '../lib/errors.ts';
import type { ProjectRow } from './projects/queries.ts';
import { findProject } from './projects/verbs.ts';

export const ONLY_OWNERS_DELETE = 'Only owners can delete a project.';

export type ProjectAction = 'read' | 'write' | 'manage' | 'delete';

/**
 * The one place that decides who may do what in a project: owners manage members and invites and delete the
 * project, owners and editors write, viewers read, and anyone who is not a member gets the same 404 as for a project that does not exist. Every project-scoped verb calls it first.
 */
export async function authorize(
  ctx: ServiceContext,
  projectId: string,
  action: ProjectAction,
  notFound = 'Project not found.',
): Promise<ProjectRow> {
  const project = await findProject({ ctx, input: { id: projectId } }); // from the caller's cached list: any text is safe
  if (!project) throw new NotFoundError(notFound);
  if (action === 'write' && !canWrite(project.role)) throw new ForbiddenError('Viewers cannot change this project.');
  if (action === 'manage' && project.role !== 'owner')
    throw new ForbiddenError('Only owners can manage members and invites.');
  if (action === 'delete' && project.role !== 'owner') throw new ForbiddenError(ONLY_OWNERS_DELETE);
  return project;
}
