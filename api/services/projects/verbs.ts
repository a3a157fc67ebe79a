import type { ServiceContext } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { findProjectForUser, insertProjectWithOwner, listProjectsForUser, type ProjectRow } from './queries.ts';

/** The projects the caller is a member of. */
export function listProjects({ ctx }: { ctx: ServiceContext }): Promise<ProjectRow[]> {
  return listProjectsForUser(ctx.sql, ctx.user.id);
}

/** One project with the caller's role; a project they are not in is indistinguishable from a missing one. */
export async function getProject({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<ProjectRow> {
  const project = await findProjectForUser(ctx.sql, ctx.user.id, input.id);
  if (!project) throw new NotFoundError('Project not found.');
  return project;
}

/** Creates a project owned by the caller. */
export async function createProject({ ctx, input }: { ctx: ServiceContext; input: { name: string; description: string } }): Promise<ProjectRow> {
  const id = await ctx.sql.begin((tx) => insertProjectWithOwner(tx, { ...input, userId: ctx.user.id }));
  return getProject({ ctx, input: { id } });
}
