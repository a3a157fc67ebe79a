import { customDomain } from '../../../src/lib/domains/schema.ts';
import { errorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { resolverFor } from '../../services/domains/resolver.ts';
import { verifyCustomDomain } from '../../services/domains/verbs.ts';
import { customDomainParam, noProject, tag, viewers } from './schema.ts';

/** POST /api/projects/{id}/custom-domain/verify: looks the TXT record up (owners, editors). */
export const verifyCustomDomainRoute = defineRoute({
  method: 'post',
  path: '/api/projects/{id}/custom-domain/verify',
  tag,
  summary:
    "Looks up the domain's TXT record (owners, editors): verified when it holds the token, otherwise still pending. Re-runnable; no body.",
  params: customDomainParam,
  responses: {
    200: {
      description: 'The domain after the check, with a message saying whether it is verified.',
      schema: customDomain,
    },
    ...viewers,
    ...noProject,
    409: {
      description:
        'This domain is already verified for another project, so it cannot be verified here. Nothing changed.',
      schema: errorBody,
    },
    422: { description: 'This project has no custom domain to verify.', schema: errorBody },
  },
  handler: async (c, { params }) => {
    const { dns, config } = c.get('deps');
    return c.json(
      await verifyCustomDomain({
        ctx: c.get('ctx'),
        input: { projectId: params.id },
        resolver: dns ?? resolverFor(config),
      }),
    );
  },
});
