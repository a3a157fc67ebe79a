import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/sql.ts';
import type { Role, ServiceContext } from '../../lib/context.ts';
import { GoneError, NotFoundError } from '../../lib/errors.ts';
import { hashSecret, newSecret } from '../../lib/secret-token.ts';
import { authorize } from '../authorize.ts';
import { findProject } from '../projects/verbs.ts';
import { serverSecret } from '../server-secrets.ts';
import { assertOwnSignIn } from '../signed-in.ts';
import { readInviteToken, signInviteToken, type InviteClaims } from './invite-token.ts';
import {
  findInvite,
  insertInvite,
  insertMember,
  listOpenInvites,
  lockRoles,
  markAccepted,
  revokeInvite as revokeInviteRow,
  type InviteRow,
} from './queries.ts';
import { actingUser, forgetOwnProjectList } from '../actor.ts';
import type { AcceptedInvite, CreatedInvite, InvitePreview } from '../../../src/lib/members/schema.ts';
import type { Stored } from '../../lib/stored.ts';

/** The workspace page a link opens (src/pages/invite); the token is the rest of the path. */
export const INVITE_PATH = '/invite/';

const NOT_VALID = 'This invite link is not valid.';

type FoundInvite = InviteRow & { project_name: string };

/** The key invite links are signed with: INVITE_SIGNING_SECRET, else the one the server made and keeps in the database. */
async function signingKey(ctx: ServiceContext): Promise<Buffer> {
  const configured = ctx.config.INVITE_SIGNING_SECRET;
  return configured ? Buffer.from(configured, 'utf8') : serverSecret(ctx.sql, ctx.caches, 'invite_signing');
}

/**
 * A new link for one project and one role (owners): a token signed by the server that names the invite, project,
 * role and expiry, plus a secret part the database keeps only the hash of. The token is only in this answer.
 */
export async function createInvite({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string; role: Role; expiresInHours: number };
}): Promise<Stored<CreatedInvite, 'created_at' | 'expires_at' | 'revoked_at' | 'accepted_at'>> {
  const project = await authorize(ctx, input.projectId, 'manage');
  // A link lets another account in: neither a leaked key nor an impersonation may leave one that outlives it.
  assertOwnSignIn(ctx, 'Invite links');
  const secret = newSecret(32);
  const claims: InviteClaims = {
    inviteId: randomUUID(),
    projectId: project.id,
    role: input.role,
    expiresAt: new Date(Math.floor((Date.now() + input.expiresInHours * 3_600_000) / 1000) * 1000), // whole seconds, as signed
  };
  const token = signInviteToken(await signingKey(ctx), claims, secret);
  const row = await insertInvite(ctx.sql, {
    id: claims.inviteId,
    projectId: project.id,
    role: input.role,
    tokenHash: hashSecret(secret),
    createdBy: actingUser(ctx).id,
    expiresAt: claims.expiresAt,
  });
  return { ...row, token, path: `${INVITE_PATH}${token}` };
}

/** The project's links that still work (owners). */
export async function listInvites({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string };
}): Promise<InviteRow[]> {
  const project = await authorize(ctx, input.projectId, 'manage');
  return listOpenInvites(ctx.sql, project.id);
}

/** Revokes one of the project's unused links (owners); a link of another project is not found. */
export async function revokeInvite({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string; inviteId: string };
}): Promise<{ message: string }> {
  const project = await authorize(ctx, input.projectId, 'manage');
  if (!(await revokeInviteRow(ctx.sql, project.id, input.inviteId))) throw new NotFoundError('Invite not found.');
  return { message: 'Invite link revoked.' };
}

/** What a link offers, for the accept page: the project's name and the role (any signed-in user holding the token). */
export async function previewInvite({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { token: string };
}): Promise<Stored<InvitePreview, 'expires_at'>> {
  const claims = await verifiedClaims(ctx, input.token);
  const invite = await usableInvite(ctx.sql, claims);
  const member = await findProject({ ctx, input: { id: invite.project_id } });
  return {
    project_id: invite.project_id,
    project_name: invite.project_name,
    role: invite.role,
    expires_at: invite.expires_at,
    already_member: Boolean(member),
  };
}

/**
 * Joins the caller to the link's project with the link's role, and uses the link up. A member already keeps their
 * role and leaves the link for whom it was meant.
 */
export async function acceptInvite({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { token: string };
}): Promise<AcceptedInvite> {
  const user = actingUser(ctx);
  const claims = await verifiedClaims(ctx, input.token);
  const result = await ctx.sql.begin(async (tx) => {
    const invite = await usableInvite(tx, claims, true);
    const roles = await lockRoles(tx, invite.project_id);
    const existing = roles.get(user.id);
    if (existing) return { project_id: invite.project_id, role: existing, already_member: true };
    await insertMember(tx, invite.project_id, user.id, invite.role);
    await markAccepted(tx, invite.id, user.id);
    return { project_id: invite.project_id, role: invite.role, already_member: false };
  });
  forgetOwnProjectList(ctx);
  return result;
}

/**
 * What a token says, once its signature shows this server made it: a malformed, altered or foreign token is refused
 * before the database is asked anything, and so is one past the expiry it carries.
 */
async function verifiedClaims(ctx: ServiceContext, token: string): Promise<InviteClaims & { secret: string }> {
  const claims = readInviteToken(await signingKey(ctx), token);
  if (!claims) throw new NotFoundError(NOT_VALID);
  if (claims.expiresAt.getTime() <= Date.now()) throw new GoneError('This invite link has expired.');
  return claims;
}

/** The link a verified token names, if it can still be used; otherwise the reason, the same for the preview and the accept. */
async function usableInvite(sql: Db, claims: InviteClaims & { secret: string }, lock = false): Promise<FoundInvite> {
  const invite = await findInvite(sql, { id: claims.inviteId, tokenHash: hashSecret(claims.secret) }, lock);
  // The row must say what the signed token says (it always does, unless the signing key leaked).
  if (!invite || invite.project_id !== claims.projectId || invite.role !== claims.role)
    throw new NotFoundError(NOT_VALID);
  if (invite.revoked_at) throw new GoneError('This invite link has been revoked.');
  if (invite.accepted_at) throw new GoneError('This invite link has already been used.');
  if (invite.expires_at.getTime() <= Date.now()) throw new GoneError('This invite link has expired.');
  return invite;
}
