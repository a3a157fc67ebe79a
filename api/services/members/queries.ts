import type { Invite, Member } from '../../../src/lib/members/schema.ts';
import type { Db } from '../../db/sql.ts';
import type { Stored } from '../../lib/stored.ts';
import type { Role } from '../../lib/context.ts';

/** A member as the owners' screen shows them, as stored. */
export type MemberRow = Stored<Member, 'created_at'>;

/** An invite link (never its token), as stored. */
export type InviteRow = Stored<Invite, 'created_at' | 'expires_at' | 'revoked_at' | 'accepted_at'>;

/** A project's members, owners first, then by when they joined. */
export async function listMembers(sql: Db, projectId: string): Promise<MemberRow[]> {
  return sql<MemberRow[]>`
    select u.id as user_id, u.email, u.first_name, u.last_name, u.avatar_url, m.role, m.created_at
    from project_members m join users u on u.id = m.user_id
    where m.project_id = ${projectId}
    order by (m.role = 'owner') desc, m.created_at, u.id`;
}

/**
 * Locks the project's memberships for the rest of the transaction and returns every role, so two owners leaving at
 * once cannot both see the other one stay.
 */
export async function lockRoles(sql: Db, projectId: string): Promise<Map<string, Role>> {
  const rows = await sql<{ user_id: string; role: Role }[]>`
    select user_id, role from project_members where project_id = ${projectId} order by user_id for update`;
  return new Map(rows.map((row) => [row.user_id, row.role]));
}

export async function setRole(sql: Db, projectId: string, userId: string, role: Role): Promise<void> {
  await sql`update project_members set role = ${role} where project_id = ${projectId} and user_id = ${userId}`;
}

export async function deleteMember(sql: Db, projectId: string, userId: string): Promise<void> {
  await sql`delete from project_members where project_id = ${projectId} and user_id = ${userId}`;
}

export async function insertMember(sql: Db, projectId: string, userId: string, role: Role): Promise<void> {
  await sql`insert into project_members (project_id, user_id, role) values (${projectId}, ${userId}, ${role})`;
}

export async function insertInvite(
  sql: Db,
  input: { id: string; projectId: string; role: Role; tokenHash: string; createdBy: string; expiresAt: Date },
): Promise<InviteRow> {
  const [row]: [InviteRow?] = await sql`
    insert into project_invites (id, project_id, role, token_hash, created_by, expires_at)
    values (${input.id}, ${input.projectId}, ${input.role}, ${input.tokenHash}, ${input.createdBy}, ${input.expiresAt})
    returning id, project_id, role, created_at, expires_at, revoked_at, accepted_at`;
  if (!row) throw new Error('invite insert returned nothing');
  return row;
}

/** The project's links that can still be used: not revoked, not used, not expired; newest first. */
export async function listOpenInvites(sql: Db, projectId: string): Promise<InviteRow[]> {
  return sql<InviteRow[]>`
    select id, project_id, role, created_at, expires_at, revoked_at, accepted_at from project_invites
    where project_id = ${projectId} and revoked_at is null and accepted_at is null and expires_at > now()
    order by created_at desc, id`;
}

/** Revokes an unused link of this project; false when the project has none by that id. */
export async function revokeInvite(sql: Db, projectId: string, inviteId: string): Promise<boolean> {
  const rows = await sql`
    update project_invites set revoked_at = now()
    where id = ${inviteId} and project_id = ${projectId} and revoked_at is null and accepted_at is null
    returning id`;
  return rows.length > 0;
}

/**
 * A link by its id and the hash of its token's secret part, with its project's name; `lock` holds it until the
 * transaction ends (accepting).
 */
export async function findInvite(
  sql: Db,
  input: { id: string; tokenHash: string },
  lock = false,
): Promise<(InviteRow & { project_name: string }) | undefined> {
  const [row]: [(InviteRow & { project_name: string })?] = lock
    ? await sql`
        select i.id, i.project_id, i.role, i.created_at, i.expires_at, i.revoked_at, i.accepted_at, p.name as project_name
        from project_invites i join projects p on p.id = i.project_id
        where i.id = ${input.id} and i.token_hash = ${input.tokenHash} for update of i`
    : await sql`
        select i.id, i.project_id, i.role, i.created_at, i.expires_at, i.revoked_at, i.accepted_at, p.name as project_name
        from project_invites i join projects p on p.id = i.project_id
        where i.id = ${input.id} and i.token_hash = ${input.tokenHash}`;
  return row;
}

export async function markAccepted(sql: Db, inviteId: string, userId: string): Promise<void> {
  await sql`update project_invites set accepted_by = ${userId}, accepted_at = now() where id = ${inviteId}`;
}
