import type { ServiceContext } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { writeAudit } from '../admin/queries/audit-log.ts';
import { authorize } from '../authorize.ts';
import { assertOwnSession } from '../signed-in.ts';
import { discardJobs } from './discard-jobs.ts';
import { forgetProjects } from './forget-cached.ts';
import { deleteProjects, lockProjectForDelete, jobsOf } from './queries/erase.ts';
import { actingUser } from '../actor.ts';
import { lockGrantsOf } from '../search-console/queries/connections.ts';
import { revokeGrants } from '../search-console/revoke.ts';

export const PROJECT_DELETED = 'Project deleted.';
export const CONFIRM_PROJECT_NAME = "Type the project's name exactly as it is shown to delete it.";

/** Whether the typed confirmation names the project (surrounding spaces aside; letter case counts). */
export function confirmsName(typed: string, name: string): boolean {
  return typed.trim() === name.trim();
}

/**
 * Deletes a project and everything of it (owners, from their own sign-in, after typing its name): posts, blog and
 * custom domain, style guides, plan, tasks, workflows, runs, media, invites and memberships, and its Search Console
 * connection and data. Its blog host answers 404 from the next request in every process, its queued and running work
 * is discarded, and its Google grant is revoked at Google once the deletion committed (best effort). What stays: the
 * posts it generated still count against the paying account's month (usage events without a project), and the audit
 * log records the deletion.
 */
export async function deleteProject({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: string; confirmName: string };
}): Promise<{ message: string }> {
  const project = await authorize(ctx, input.id, 'delete');
  assertOwnSession(ctx, {
    apiKey: 'Deleting a project needs a signed-in session; API keys cannot delete projects.',
    impersonating: 'A project cannot be deleted while impersonating a user.',
  });
  const refuse = () =>
    new ValidationError([{ loc: ['body', 'confirm_name'], msg: CONFIRM_PROJECT_NAME, type: 'value_error' }]);
  if (!confirmsName(input.confirmName, project.name)) throw refuse();

  const { open, grants } = await ctx.sql.begin(async (tx) => {
    const locked = await lockProjectForDelete(tx, project.id);
    if (!locked) throw new NotFoundError('Project not found.');
    if (!confirmsName(input.confirmName, locked.name)) throw refuse();
    const jobs = await jobsOf(tx, [project.id]);
    const grants = await lockGrantsOf(tx, [project.id]);
    await writeAudit(tx, {
      actor_id: actingUser(ctx).id,
      actor_email: actingUser(ctx).email,
      subject_id: actingUser(ctx).id,
      subject_email: actingUser(ctx).email,
      action: 'project_deleted',
      method: 'DELETE',
      path: `/api/projects/${project.id}`,
      status: 200,
    });
    await deleteProjects(tx, [project.id]);
    return { open: jobs, grants };
  });
  forgetProjects(ctx.caches, [project.id]);
  await discardJobs(ctx.jobs, open);
  await revokeGrants(ctx, grants);
  return { message: PROJECT_DELETED };
}
