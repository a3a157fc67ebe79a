import { z } from 'zod';
import { INVALID_DOMAIN } from '../../services/domains/name.ts';

export const customDomainParam = z.object({ id: z.uuid({ error: 'Project not found.' }) });

export const connectCustomDomainBody = z.object({
  domain: z.string({ error: INVALID_DOMAIN }).trim().min(1, { error: INVALID_DOMAIN }).max(300, { error: INVALID_DOMAIN }),
  // '' (the blog at the domain's root) or a path of the customer's own site such as '/blog' (subpath mode)
  base_path: z.string({ error: 'Please enter a valid path, like /blog.' }).max(100, { error: 'Please enter a valid path, like /blog.' }).optional(),
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
