import { errorBody, messageBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { removeMember } from '../../services/members/verbs.ts';
import { memberParams, ownersOnly } from './schema.ts';

/** DELETE /api/projects/{id}/members/{userId}: removes a member, or leaves with one's own id. */
export const removeMemberRoute = defineRoute({
  method: 'delete',
  path: '/api/projects/{id}/members/{userId}',
  tag: 'Members',
  summary: 'Removes a member (owners) or leaves the project (your own id); the last owner can do neither.',
  params: memberParams,
  responses: {
    200: { description: 'Removed.', schema: messageBody },
    ...ownersOnly,
    409: { description: 'The last owner.', schema: errorBody },
  },
  handler: async (c, { params }) =>
    c.json(await removeMember({ ctx: c.get('ctx'), input: { projectId: params.id, userId: params.userId } })),
});
