import { customDomain } from '../../../src/lib/domains/schema.ts';
import { defineRoute } from '../../lib/route.ts';
import { getCustomDomain } from '../../services/domains/verbs.ts';
import { customDomainParam, noProject, tag } from './schema.ts';

/** GET /api/projects/{id}/custom-domain: the blog's address and its custom domain (any member). */
export const getCustomDomainRoute = defineRoute({
  method: 'get',
  path: '/api/projects/{id}/custom-domain',
  tag,
  summary:
    "The blog's address, its custom domain with its state, and the CNAME and TXT records to create (any member).",
  params: customDomainParam,
  responses: {
    200: {
      description: 'The blog address and custom domain (domain and status null when none).',
      schema: customDomain,
    },
    ...noProject,
  },
  handler: async (c, { params }) =>
    c.json(await getCustomDomain({ ctx: c.get('ctx'), input: { projectId: params.id } })),
});
