import { validationErrorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { isDomainAllowed } from '../../services/domains/verbs.ts';
import { allowedDomainQuery, allowedDomainResponse } from './schema.ts';

/** GET /api/domains/allowed?domain=: public, for an on-demand TLS proxy (Caddy `ask`): 200 for hosts a blog is served on. */
export const allowedDomainRoute = defineRoute({
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
  handler: async (c, { query }) => {
    const allowed = await isDomainAllowed({
      sql: c.get('deps').sql,
      config: c.get('deps').config,
      domain: query.domain,
    });
    return c.json({ allowed }, allowed ? 200 : 404);
  },
});

/** /api/domains: the public domain check. */
export const domainsRoutes = [allowedDomainRoute];
