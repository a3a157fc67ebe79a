import { z } from 'zod';

export const allowedDomainQuery = z.object({
  domain: z.string({ error: 'domain is required.' }).trim().min(1, { error: 'domain is required.' }).max(300),
});

export const allowedDomainResponse = z.object({ allowed: z.boolean() });
