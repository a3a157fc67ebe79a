import type { Role, ServiceContext } from '../../lib/context.ts';
import { GoneError, NotFoundError } from '../../lib/errors.ts';
import { hashSecret, newSecret } from '../../lib/secret-token.ts';
import { authorize } from '../authorize.ts';
import { assertOwnSignIn } from '../signed-in.ts';
import { findProject } from '../projects/verbs.ts';
import { findInvite, insertInvite, insertMember, listOpenInvites, lockRoles, markAccepted, revokeInvite as revokeInviteRow, type InviteRow } from './queries.ts';

/** The workspace page a link opens (src/pages/invite); the token is the rest of the path. */
export const INVITE_PATH = '/invite/';

type FoundInvite = InviteRow & { project_name: string };

/** A new link for one project and one role (owners); the token is only in this answer, the database keeps its hash. */
export async function createInvite({ ctx, input }: { ctx: ServiceContext; input: { projectId: string; role: Role; expiresInHours: number } }): Promise<InviteRow & { token: string; path: string }> {
  const project = await authorize(ctx, input.projectId, 'manage');
  // A link lets another account in: neither a leaked key nor an impersonation may leave one that outlives it.
  assertOwnSignIn(ctx, 'Invite links');
  const token = newSecret(32);
  const expiresAt = new Date(Date.now() + input.expiresInHours * 3_600_000);
  const row = await insertInvite(ctx.sql, { projectId: project.id, role: input.role, tokenHash: hashSecret(token), createdBy: ctx.user.id, expiresAt });
  return { ...row, token, path: `${INVITE_PATH}${token}` };
}

/** The project's links that still work (owners). */
export async function listInvites({ ctx, input }: { ctx: ServiceContext; input: { projectId: string } }): Promise<InviteRow[]> {
  const project = await authorize(ctx, input.projectId, 'manage');
  return listOpenInvites(ctx.sql, project.id);
}

/** Revokes one of the project's unused links (owners); a link of another project is not found. */
export async function revokeInvite({ ctx, input }: { ctx: ServiceContext; input: { projectId: string; inviteId: string } }): Promise<{ message: string }> {
  const project = await authorize(ctx, input.projectId, 'manage');
  if (!(await revokeInviteRow(ctx.sql, project.id, input.inviteId))) throw new NotFoundError('Invite not found.');
  return { message: 'Invite link revoked.' };
}

/** What a link offers, for the accept page: the project's name and the role (any signed-in user holding the token). */
export async function previewInvite({ ctx, input }: { ctx: ServiceContext; input: { token: string } }) {
  const invite = usable(await findInvite(ctx.sql, hashSecret(input.token)));
  const member = await findProject({ ctx, input: { id: invite.project_id } });
  return { project_id: invite.project_id, project_name: invite.project_name, role: invite.role, expires_at: invite.expires_at, already_member: Boolean(member) };
}

/**
 * Joins the caller to the link's project with the link's role, and uses the link up. A member already keeps their
 * role and leaves the link for whom it was meant.
 */
export async function acceptInvite({ ctx, input }: { ctx: ServiceContext; input: { token: string } }): Promise<{ project_id: string; role: Role; already_member: boolean }> {
  const result = await ctx.sql.begin(async (tx) => {
    const invite = usable(await findInvite(tx, hashSecret(input.token), true));
    const roles = await lockRoles(tx, invite.project_id);
    const existing = roles.get(ctx.user.id);
    if (existing) return { project_id: invite.project_id, role: existing, already_member: true };
    await insertMember(tx, invite.project_id, ctx.user.id, invite.role);
    await markAccepted(tx, invite.id, ctx.user.id);
    return { project_id: invite.project_id, role: invite.role, already_member: false };
  });
  ctx.caches.projectLists.drop(ctx.user.id);
  return result;
}

/** The link if it can still be used; otherwise the reason, the same for the preview and the accept. */
function usable(invite: FoundInvite | undefined): FoundInvite {
  if (!invite) throw new NotFoundError('This invite link is not valid.');
  if (invite.revoked_at) throw new GoneError('This invite link has been revoked.');
  if (invite.accepted_at) throw new GoneError('This invite link has already been used.');
  if (invite.expires_at.getTime() <= Date.now()) throw new GoneError('This invite link has expired.');
  return invite;
}
