import { z } from 'zod';
import { errorBody, messageBody, operation } from '../../lib/openapi.ts';

/** How long a new invite link works unless the owner asks for another span (hours). */
export const INVITE_DEFAULT_HOURS = 7 * 24;

const role = z.enum(['owner', 'editor', 'viewer'], { error: 'Role must be owner, editor or viewer.' });

export const projectIdParam = z.object({ id: z.uuid({ error: 'Project not found.' }) });
export const memberParams = projectIdParam.extend({ userId: z.uuid({ error: 'Member not found.' }) });
export const inviteParams = projectIdParam.extend({ inviteId: z.uuid({ error: 'Invite not found.' }) });

export const changeRoleBody = z.object({ role });

export const createInviteBody = z.object({
  role: role.default('viewer'),
  expires_in_hours: z
    .number({ error: 'expires_in_hours must be a number of hours.' })
    .int({ error: 'expires_in_hours must be a whole number of hours.' })
    .min(1, { error: 'An invite link must work for at least 1 hour.' })
    .max(720, { error: 'An invite link can work for at most 720 hours (30 days).' })
    .default(INVITE_DEFAULT_HOURS),
});

export const member = z.object({
  user_id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar_url: z.string().nullable(),
  role,
  created_at: z.iso.datetime(),
});

export const invite = z.object({
  id: z.uuid(),
  project_id: z.uuid(),
  role,
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
  revoked_at: z.iso.datetime().nullable(),
  accepted_at: z.iso.datetime().nullable(),
});

export const createdInvite = invite.extend({
  token: z
    .string()
    .describe(
      'The signed token of the link (invite id, project id, role, expiry, a secret part, the signature): in this answer only.',
    ),
  path: z.string().describe('The page that accepts it: /invite/{token}.'),
});

const ownersOnly = {
  403: { description: 'The caller is not an owner.', schema: errorBody },
  404: { description: 'No such project of the caller.', schema: errorBody },
};

export const operations = [
  operation({
    method: 'get',
    path: '/api/projects/{id}/members',
    tag: 'Members',
    summary: "A project's members and roles (owners).",
    params: projectIdParam,
    responses: { 200: { description: 'Members, owners first.', schema: z.array(member) }, ...ownersOnly },
  }),
  operation({
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
  }),
  operation({
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
  }),
  operation({
    method: 'get',
    path: '/api/projects/{id}/invites',
    tag: 'Members',
    summary: "The project's invite links that still work (owners).",
    params: projectIdParam,
    responses: { 200: { description: 'Open links, newest first.', schema: z.array(invite) }, ...ownersOnly },
  }),
  operation({
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
  }),
  operation({
    method: 'delete',
    path: '/api/projects/{id}/invites/{inviteId}',
    tag: 'Members',
    summary: 'Revokes an unused invite link (owners).',
    params: inviteParams,
    responses: { 200: { description: 'Revoked.', schema: messageBody }, ...ownersOnly },
  }),
];
