import { defineRoute } from '../../lib/route.ts';
import { removeCustomDomain } from '../../services/domains/verbs.ts';
import { customDomainParam, noProject, removeCustomDomainResponse, tag, viewers } from './schema.ts';

/** DELETE /api/projects/{id}/custom-domain: the blog goes back to its project subdomain (owners, editors). */
export const removeCustomDomainRoute = defineRoute({
  method: 'delete',
  path: '/api/projects/{id}/custom-domain',
  tag,
  summary: 'Disconnects the custom domain (owners, editors); the blog stays on its project subdomain, at the root.',
  params: customDomainParam,
  responses: {
    200: { description: '"Custom blog domain removed."', schema: removeCustomDomainResponse },
    ...viewers,
    ...noProject,
  },
  handler: async (c, { params }) =>
    c.json(await removeCustomDomain({ ctx: c.get('ctx'), input: { projectId: params.id } })),
});
