import { z } from 'zod';
import { errorBody, operation, validationErrorBody } from '../../lib/openapi.ts';
import { INVALID_DOMAIN } from '../../services/domains/name.ts';

export const customDomainParam = z.object({ id: z.uuid({ error: 'Project not found.' }) });

export const connectCustomDomainBody = z.object({
  domain: z
    .string({ error: INVALID_DOMAIN })
    .trim()
    .min(1, { error: INVALID_DOMAIN })
    .max(300, { error: INVALID_DOMAIN }),
  // '' (the blog at the domain's root) or a path of the customer's own site such as '/blog' (subpath mode)
  base_path: z
    .string({ error: 'Please enter a valid path, like /blog.' })
    .max(100, { error: 'Please enter a valid path, like /blog.' })
    .optional(),
});

export const customDomainResponse = z.object({
  domain: z.string().nullable(),
  status: z.enum(['pending', 'verified']).nullable(),
  base_path: z.string(),
  blog_url: z.string(),
  records: z.array(z.object({ type: z.enum(['CNAME', 'TXT']), name: z.string(), value: z.string() })),
  checked_at: z.string().nullable(),
  verified_at: z.string().nullable(),
  message: z.string().optional(),
});

export const removeCustomDomainResponse = z.object({ message: z.string() });

const tag = 'Custom domains';
const noProject = { 404: { description: 'No such project of the caller.', schema: errorBody } };
const viewers = { 403: { description: 'Viewers cannot change this project.', schema: errorBody } };

/** The custom-domain routes as /api/openapi.json describes them (mounted under /api/projects). */
export const operations = [
  operation({
    method: 'get',
    path: '/api/projects/{id}/custom-domain',
    tag,
    summary:
      "The blog's address, its custom domain with its state, and the CNAME and TXT records to create (any member).",
    params: customDomainParam,
    responses: {
      200: {
        description: 'The blog address and custom domain (domain and status null when none).',
        schema: customDomainResponse,
      },
      ...noProject,
    },
  }),
  operation({
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
        schema: customDomainResponse,
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
  }),
  operation({
    method: 'post',
    path: '/api/projects/{id}/custom-domain/verify',
    tag,
    summary:
      "Looks up the domain's TXT record (owners, editors): verified when it holds the token, otherwise still pending. Re-runnable; no body.",
    params: customDomainParam,
    responses: {
      200: {
        description: 'The domain after the check, with a message saying whether it is verified.',
        schema: customDomainResponse,
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
  }),
  operation({
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
  }),
];
