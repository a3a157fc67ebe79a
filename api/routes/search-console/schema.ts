import { z } from 'zod';
import { errorBody } from '../../lib/openapi.ts';

export const tag = 'Search Console';

export const projectParam = z.object({ id: z.uuid({ error: 'Project not found.' }) });
export const postParam = z.object({
  id: z.uuid({ error: 'Project not found.' }),
  postId: z.uuid({ error: 'Post not found.' }),
});

export const callbackBody = z.object({
  state: z.string().min(1).max(400).describe('The state Google sent back, unchanged.'),
  code: z
    .string()
    .min(1)
    .max(2000)
    .optional()
    .describe("Google's authorization code (absent when access was refused)."),
  error: z
    .string()
    .max(200)
    .optional()
    .describe("Google's error, e.g. access_denied, when the owner did not allow access."),
});

export const propertyBody = z.object({
  site_url: z
    .string({ error: 'Pick a property.' })
    .min(1, { error: 'Pick a property.' })
    .max(2000)
    .describe('The siteUrl of the property: https://example.com/ or sc-domain:example.com'),
});

export const verificationBody = z.object({
  token: z
    .string({ error: 'Paste the verification tag or its content.' })
    .max(500)
    .describe('The content of the google-site-verification meta tag, or the whole tag; empty removes it.'),
});

export const notMember = { 404: { description: 'No such project of the caller.', schema: errorBody } };
export const ownersOnly = {
  403: { description: 'Only owners manage the Search Console connection.', schema: errorBody },
};
export const notReady = {
  409: {
    description:
      'Search Console is not configured on this server, not connected yet, or must be reconnected (Google refused the stored access).',
    schema: errorBody,
  },
};
export const googleFailed = {
  502: { description: "Google refused or failed the call; the detail gives Google's own words.", schema: errorBody },
};
