import { z } from 'zod';
import { projectRole } from '../projects/schema.ts';

/** A member of a project as the owners' members screen shows them. */
export const member = z.object({
  user_id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar_url: z.string().nullable(),
  role: projectRole,
  created_at: z.iso.datetime(),
});
export type Member = z.infer<typeof member>;

/** An invite link (its token is only known in the answer that made it). */
export const invite = z.object({
  id: z.uuid(),
  project_id: z.uuid(),
  role: projectRole,
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
  revoked_at: z.iso.datetime().nullable(),
  accepted_at: z.iso.datetime().nullable(),
});
export type Invite = z.infer<typeof invite>;

/** A new invite link: the only answer that carries its token. */
export const createdInvite = invite.extend({
  token: z
    .string()
    .describe(
      'The signed token of the link (invite id, project id, role, expiry, a secret part, the signature): in this answer only.',
    ),
  path: z.string().describe('The page that accepts it: /invite/{token}.'),
});
export type CreatedInvite = z.infer<typeof createdInvite>;

/** What an invite link offers, shown on the accept page. */
export const invitePreview = z.object({
  project_id: z.uuid(),
  project_name: z.string(),
  role: projectRole,
  expires_at: z.iso.datetime(),
  already_member: z.boolean(),
});
export type InvitePreview = z.infer<typeof invitePreview>;

/** The answer of accepting a link. */
export const acceptedInvite = z.object({
  project_id: z.uuid(),
  role: projectRole,
  already_member: z
    .boolean()
    .describe('True when the caller was a member already: their role is kept and the link stays unused.'),
});
export type AcceptedInvite = z.infer<typeof acceptedInvite>;
