import { z } from 'zod';
import { errorBody, operation } from '../../lib/openapi.ts';

const role = z.enum(['owner', 'editor', 'viewer']);

export const inviteTokenParam = z.object({
  token: z
    .string()
    .min(20, { error: 'This invite link is not valid.' })
    .max(256, { error: 'This invite link is not valid.' })
    .describe(
      'The signed token of the link: invite id, project id, role, expiry, a secret part and the signature, dot-separated.',
    ),
});

export const invitePreview = z.object({
  project_id: z.uuid(),
  project_name: z.string(),
  role,
  expires_at: z.iso.datetime(),
  already_member: z.boolean(),
});

export const acceptedInvite = z.object({
  project_id: z.uuid(),
  role,
  already_member: z
    .boolean()
    .describe('True when the caller was a member already: their role is kept and the link stays unused.'),
});

const unusable = {
  404: { description: 'No such link.', schema: errorBody },
  410: { description: 'The link expired, was revoked or was used.', schema: errorBody },
};

export const operations = [
  operation({
    method: 'get',
    path: '/api/invites/{token}',
    tag: 'Members',
    summary: 'What an invite link offers: the project and the role.',
    params: inviteTokenParam,
    responses: { 200: { description: 'The offer.', schema: invitePreview }, ...unusable },
  }),
  operation({
    method: 'post',
    path: '/api/invites/{token}/accept',
    tag: 'Members',
    summary: "Joins the link's project with the link's role, and uses the link up.",
    params: inviteTokenParam,
    responses: { 200: { description: 'Joined (or already a member).', schema: acceptedInvite }, ...unusable },
  }),
];
