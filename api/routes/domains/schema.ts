import { z } from 'zod';
import { operation, validationErrorBody } from '../../lib/openapi.ts';

export const allowedDomainQuery = z.object({
  domain: z.string({ error: 'domain is required.' }).trim().min(1, { error: 'domain is required.' }).max(300),
});

export const allowedDomainResponse = z.object({ allowed: z.boolean() });

/** The public domain check as /api/openapi.json describes it. */
export const operations = [
  operation({
    method: 'get',
    path: '/api/domains/allowed',
    tag: 'Custom domains',
    public: true,
    summary:
      'For an on-demand TLS proxy (Caddy `ask`): 200 for a verified custom domain or the subdomain of an existing project, 404 for any other name. No sign-in.',
    query: allowedDomainQuery,
    responses: {
      200: {
        description: 'A verified custom domain or an existing project subdomain: { allowed: true }.',
        schema: allowedDomainResponse,
      },
      404: { description: 'A name no blog is served on: { allowed: false }.', schema: allowedDomainResponse },
      422: { description: 'domain is required.', schema: validationErrorBody },
    },
  }),
];
