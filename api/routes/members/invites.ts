import { z } from 'zod';
import { createdInvite, invite } from '../../../src/lib/members/schema.ts';
import { errorBody, messageBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { createInvite, listInvites, revokeInvite } from '../../services/members/invites.ts';
import { createInviteBody, inviteParams, ownersOnly, projectIdParam } from './schema.ts';

/** GET /api/projects/{id}/invites: the links that still work (owners). */
export const listInvitesRoute = defineRoute({
  method: 'get',
  path: '/api/projects/{id}/invites',
  tag: 'Members',
  summary: "The project's invite links that still work (owners).",
  params: projectIdParam,
  responses: { 200: { description: 'Open links, newest first.', schema: z.array(invite) }, ...ownersOnly },
  handler: async (c, { params }) => c.json(await listInvites({ ctx: c.get('ctx'), input: { projectId: params.id } })),
});

/** POST /api/projects/{id}/invites: a new single-use link for one role (owners, from their own sign-in). */
export const createInviteRoute = defineRoute({
  method: 'post',
  path: '/api/projects/{id}/invites',
  tag: 'Members',
  summary: 'Creates an invite link for one role (owners); it expires and is used once.',
  params: projectIdParam,
  body: createInviteBody,
  responses: {
    201: { description: 'The link with its token.', schema: createdInvite },
    ...ownersOnly,
    403: {
      description:
        "The caller is not an owner, or called with an API key or while impersonating (links come from an owner's own sign-in).",
      schema: errorBody,
    },
  },
  handler: async (c, { params, body }) =>
    c.json(
      await createInvite({
        ctx: c.get('ctx'),
        input: { projectId: params.id, role: body.role, expiresInHours: body.expires_in_hours },
      }),
      201,
    ),
});

/** DELETE /api/projects/{id}/invites/{inviteId}: revokes an unused link (owners). */
export const revokeInviteRoute = defineRoute({
  method: 'delete',
  path: '/api/projects/{id}/invites/{inviteId}',
  tag: 'Members',
  summary: 'Revokes an unused invite link (owners).',
  params: inviteParams,
  responses: { 200: { description: 'Revoked.', schema: messageBody }, ...ownersOnly },
  handler: async (c, { params }) =>
    c.json(await revokeInvite({ ctx: c.get('ctx'), input: { projectId: params.id, inviteId: params.inviteId } })),
});
