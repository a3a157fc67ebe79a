import type { AcceptedInvite, CreatedInvite, Invite, InvitePreview, Member } from '../members/schema.ts';
import type { ProjectRole } from '../projects/types.ts';
import { ACCOUNT_CALL, api } from './client.ts';

export type { Invite, InvitePreview, Member } from '../members/schema.ts';

/** GET /projects/{id}/members (owners). */
export function fetchMembers(projectId: string): Promise<Member[]> {
  return api.get(`projects/${projectId}/members`).json<Member[]>();
}

/** PATCH /projects/{id}/members/{userId}: a new role (owners; never the last owner's). */
export function patchMemberRole(projectId: string, userId: string, role: ProjectRole): Promise<Member> {
  return api.patch(`projects/${projectId}/members/${userId}`, { json: { role } }).json<Member>();
}

/** DELETE /projects/{id}/members/{userId}: removes a member, or leaves with one's own id. */
export function deleteMember(projectId: string, userId: string): Promise<{ message: string }> {
  return api.delete(`projects/${projectId}/members/${userId}`).json();
}

/** GET /projects/{id}/invites: the links that still work (owners). */
export function fetchInvites(projectId: string): Promise<Invite[]> {
  return api.get(`projects/${projectId}/invites`).json<Invite[]>();
}

/** POST /projects/{id}/invites: a new single-use link for one role; the answer carries its path (/invite/{token}). */
export function postInvite(projectId: string, role: ProjectRole): Promise<CreatedInvite> {
  return api.post(`projects/${projectId}/invites`, { json: { role } }).json();
}

/** DELETE /projects/{id}/invites/{inviteId}. */
export function deleteInvite(projectId: string, inviteId: string): Promise<{ message: string }> {
  return api.delete(`projects/${projectId}/invites/${inviteId}`).json();
}

/** GET /invites/{token}. */
export function fetchInvitePreview(token: string): Promise<InvitePreview> {
  return api.get(`invites/${encodeURIComponent(token)}`, ACCOUNT_CALL).json<InvitePreview>();
}

/** POST /invites/{token}/accept: joins the project with the link's role. */
export function acceptInvite(token: string): Promise<AcceptedInvite> {
  return api.post(`invites/${encodeURIComponent(token)}/accept`, ACCOUNT_CALL).json();
}
