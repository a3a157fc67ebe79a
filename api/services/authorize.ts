import { canWrite, type ServiceContext } from '../lib/context.ts';
import { ForbiddenError, NotFoundError } from '../lib/errors.ts';
import { type ProjectRow, selectProjectForSystem } from './projects/queries.ts';
import { findProject } from './projects/verbs.ts';

export const ONLY_OWNERS_DELETE = 'Only owners can delete a project.';

export type ProjectAction = 'read' | 'write' | 'manage' | 'delete';

/**
 * The one place that decides who may do what in a project. A user (from a sign-in or an API key) acts by their role:
 * owners manage members and invites and delete the project, owners and editors write, viewers read, and anyone who
 * is not a member gets the same 404 as for a project that does not exist. The system acting for a project reads and
 * writes that project (an editor's rights: it never manages people) and no other. Every project-scoped verb calls it
 * first.
 */
export async function authorize(
  ctx: ServiceContext,
  projectId: string,
  action: ProjectAction,
  notFound = 'Project not found.',
): Promise<ProjectRow> {
  const project =
    ctx.actor.kind === 'system'
      ? await systemProject(ctx, ctx.actor.projectId, projectId)
      : await findProject({ ctx, input: { id: projectId } }); // from the caller's cached list: any text is safe
  if (!project) throw new NotFoundError(notFound);
  if (action === 'write' && !canWrite(project.role)) throw new ForbiddenError('Viewers cannot change this project.');
  if (action === 'manage' && project.role !== 'owner')
    throw new ForbiddenError('Only owners can manage members and invites.');
  if (action === 'delete' && project.role !== 'owner') throw new ForbiddenError(ONLY_OWNERS_DELETE);
  return project;
}

/** The system's own project, as an editor of it; any other project is as good as missing. */
async function systemProject(ctx: ServiceContext, own: string, asked: string): Promise<ProjectRow | undefined> {
  if (asked.toLowerCase() !== own.toLowerCase()) return undefined;
  return selectProjectForSystem(ctx.sql, own);
}
