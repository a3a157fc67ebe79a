import { z } from 'zod';
import { projectRole } from '../../../src/lib/projects/schema.ts';
import { errorBody } from '../../lib/openapi.ts';

/** How long a new invite link works unless the owner asks for another span (hours). */
export const INVITE_DEFAULT_HOURS = 7 * 24;

const role = z.enum(projectRole.options, { error: 'Role must be owner, editor or viewer.' });

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

export const ownersOnly = {
  403: { description: 'The caller is not an owner.', schema: errorBody },
  404: { description: 'No such project of the caller.', schema: errorBody },
};
