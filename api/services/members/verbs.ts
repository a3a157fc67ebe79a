import type { Role, ServiceContext } from '../../lib/context.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { authorize } from '../authorize.ts';
import { deleteMember, listMembers as selectMembers, lockRoles, setRole, type MemberRow } from './queries.ts';
import { actingUser } from '../actor.ts';

const LAST_OWNER = 'A project needs at least one owner: make another member an owner first.';

/** Who is in a project and with which role (owners only: they are the ones who manage it). */
export async function listMembers({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string };
}): Promise<MemberRow[]> {
  const project = await authorize(ctx, input.projectId, 'manage');
  return selectMembers(ctx.sql, project.id);
}

/** Changes a member's role (owners); the last owner cannot be demoted. Every process sees it on its next request. */
export async function changeMemberRole({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string; userId: string; role: Role };
}): Promise<MemberRow> {
  const project = await authorize(ctx, input.projectId, 'manage');
  await ctx.sql.begin(async (tx) => {
    const roles = await lockRoles(tx, project.id);
    if (roles.get(actingUser(ctx).id) !== 'owner')
      throw new ForbiddenError('Only owners can manage members and invites.');
    const current = roles.get(input.userId);
    if (!current) throw new NotFoundError('Member not found.');
    if (current === 'owner' && input.role !== 'owner' && ownerCount(roles) === 1) throw new ConflictError(LAST_OWNER);
    await setRole(tx, project.id, input.userId, input.role);
  });
  // This process's next request of that member must not wait for the change feed; other processes hear it at commit.
  ctx.caches.projectLists.drop(input.userId);
  const member = (await selectMembers(ctx.sql, project.id)).find((row) => row.user_id === input.userId);
  if (!member) throw new NotFoundError('Member not found.');
  return member;
}

/** Removes a member (owners), or the caller leaves (any member); the last owner can do neither. */
export async function removeMember({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string; userId: string };
}): Promise<{ message: string }> {
  const leaving = input.userId === actingUser(ctx).id;
  const project = await authorize(ctx, input.projectId, leaving ? 'read' : 'manage');
  await ctx.sql.begin(async (tx) => {
    const roles = await lockRoles(tx, project.id);
    if (!leaving && roles.get(actingUser(ctx).id) !== 'owner')
      throw new ForbiddenError('Only owners can manage members and invites.');
    const current = roles.get(input.userId);
    if (!current) throw new NotFoundError('Member not found.');
    if (current === 'owner' && ownerCount(roles) === 1) throw new ConflictError(LAST_OWNER);
    await deleteMember(tx, project.id, input.userId);
  });
  ctx.caches.projectLists.drop(input.userId);
  return { message: leaving ? 'You left the project.' : 'Member removed.' };
}

function ownerCount(roles: Map<string, Role>): number {
  return [...roles.values()].filter((role) => role === 'owner').length;
}
