import { customDomain } from '../../../src/lib/domains/schema.ts';
import { errorBody, validationErrorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { connectCustomDomain } from '../../services/domains/verbs.ts';
import { connectCustomDomainBody, customDomainParam, noProject, tag, viewers } from './schema.ts';

/** POST /api/projects/{id}/custom-domain: connects a domain, pending until verified (owners, editors). */
export const connectCustomDomainRoute = defineRoute({
  method: 'post',
  path: '/api/projects/{id}/custom-domain',
  tag,
  summary:
    'Connects a custom domain (owners, editors): stored normalised (punycode, lower case) and pending until verified; optional base_path for subpath mode. The same domain again keeps its token and state.',
  params: customDomainParam,
  body: connectCustomDomainBody,
  responses: {
    200: {
      description: 'The saved domain, pending, with the records to create and "Custom blog domain saved! …".',
      schema: customDomain,
    },
    ...viewers,
    ...noProject,
    409: {
      description:
        'This domain is already connected to another project (verified there). Nothing changed. A domain another project has only claimed, still pending, may be claimed too.',
      schema: errorBody,
    },
    422: {
      description: 'Not a valid domain (or one of ours), or not a valid base path; nothing changed.',
      schema: validationErrorBody,
    },
  },
  handler: async (c, { params, body }) =>
    c.json(
      await connectCustomDomain({
        ctx: c.get('ctx'),
        input: { projectId: params.id, domain: body.domain, base_path: body.base_path },
      }),
    ),
});
