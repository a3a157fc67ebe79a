import { changeMemberRoleRoute } from './change-role.ts';
import { createInviteRoute, listInvitesRoute, revokeInviteRoute } from './invites.ts';
import { listMembersRoute } from './list.ts';
import { removeMemberRoute } from './remove.ts';

/** /api/projects/{id}/members and /invites: who is in a project and the links that let people in (owners). */
export const membersRoutes = [
  listMembersRoute,
  changeMemberRoleRoute,
  removeMemberRoute,
  listInvitesRoute,
  createInviteRoute,
  revokeInviteRoute,
];
