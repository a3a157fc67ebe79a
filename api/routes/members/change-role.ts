import { member } from '../../../src/lib/members/schema.ts';
import { errorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { changeMemberRole } from '../../services/members/verbs.ts';
import { changeRoleBody, memberParams, ownersOnly } from './schema.ts';

/** PATCH /api/projects/{id}/members/{userId}: a new role (owners). */
export const changeMemberRoleRoute = defineRoute({
  method: 'patch',
  path: '/api/projects/{id}/members/{userId}',
  tag: 'Members',
  summary: "Changes a member's role (owners); the last owner cannot be demoted.",
  params: memberParams,
  body: changeRoleBody,
  responses: {
    200: { description: 'The member with the new role.', schema: member },
    ...ownersOnly,
    409: { description: 'The last owner.', schema: errorBody },
  },
  handler: async (c, { params, body }) =>
    c.json(
      await changeMemberRole({
        ctx: c.get('ctx'),
        input: { projectId: params.id, userId: params.userId, role: body.role },
      }),
    ),
});
