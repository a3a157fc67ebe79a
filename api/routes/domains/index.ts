import { validationErrorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { isDomainAllowed } from '../../services/domains/verbs.ts';
import { allowedDomainQuery, allowedDomainResponse } from './schema.ts';

/** GET /api/domains/allowed?domain=: public, for an on-demand TLS proxy (Caddy `ask`). */
export const allowedDomainRoute = defineRoute({
  method: 'get',
  path: '/api/domains/allowed',
  tag: 'Custom domains',
  public: true,
  summary:
    'For an on-demand TLS proxy (Caddy `ask`): 200 only for a verified custom domain (project subdomains use one wildcard certificate). No sign-in.',
  query: allowedDomainQuery,
  responses: {
    200: { description: 'A verified custom domain: { allowed: true }.', schema: allowedDomainResponse },
    404: { description: 'Not a verified custom domain: { allowed: false }.', schema: allowedDomainResponse },
    422: { description: 'domain is required.', schema: validationErrorBody },
  },
  handler: async (c, { query }) => {
    const allowed = await isDomainAllowed({ sql: c.get('deps').sql, domain: query.domain });
    return c.json({ allowed }, allowed ? 200 : 404);
  },
});

/** /api/domains: the public domain check. */
export const domainsRoutes = [allowedDomainRoute];
