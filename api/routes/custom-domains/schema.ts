import { z } from 'zod';
import { errorBody } from '../../lib/openapi.ts';
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

export const removeCustomDomainResponse = z.object({ message: z.string() });

export const tag = 'Custom domains';
export const noProject = { 404: { description: 'No such project of the caller.', schema: errorBody } };
export const viewers = { 403: { description: 'Viewers cannot change this project.', schema: errorBody } };
