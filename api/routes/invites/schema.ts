import { z } from 'zod';
import { errorBody } from '../../lib/openapi.ts';

export const inviteTokenParam = z.object({
  token: z
    .string()
    .min(20, { error: 'This invite link is not valid.' })
    .max(256, { error: 'This invite link is not valid.' })
    .describe(
      'The signed token of the link: invite id, project id, role, expiry, a secret part and the signature, dot-separated.',
    ),
});

export const unusable = {
  404: { description: 'No such link.', schema: errorBody },
  410: { description: 'The link expired, was revoked or was used.', schema: errorBody },
};
