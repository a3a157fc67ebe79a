import { acceptedInvite, invitePreview } from '../../../src/lib/members/schema.ts';
import { defineRoute } from '../../lib/route.ts';
import { acceptInvite, previewInvite } from '../../services/members/invites.ts';
import { inviteTokenParam, unusable } from './schema.ts';

/** GET /api/invites/{token}: what a link offers (any signed-in user holding it). */
export const previewInviteRoute = defineRoute({
  method: 'get',
  path: '/api/invites/{token}',
  tag: 'Members',
  summary: 'What an invite link offers: the project and the role.',
  params: inviteTokenParam,
  responses: { 200: { description: 'The offer.', schema: invitePreview }, ...unusable },
  handler: async (c, { params }) => c.json(await previewInvite({ ctx: c.get('ctx'), input: { token: params.token } })),
});

/** POST /api/invites/{token}/accept: joins the link's project with its role. */
export const acceptInviteRoute = defineRoute({
  method: 'post',
  path: '/api/invites/{token}/accept',
  tag: 'Members',
  summary: "Joins the link's project with the link's role, and uses the link up.",
  params: inviteTokenParam,
  responses: { 200: { description: 'Joined (or already a member).', schema: acceptedInvite }, ...unusable },
  handler: async (c, { params }) => c.json(await acceptInvite({ ctx: c.get('ctx'), input: { token: params.token } })),
});

/** /api/invites/{token}: the accept page's calls. */
export const invitesRoutes = [previewInviteRoute, acceptInviteRoute];
