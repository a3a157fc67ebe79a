import { z } from 'zod';

export const createApiKeyBody = z.object({
  name: z
    .string({ error: 'Key name is required.' })
    .trim()
    .min(1, { error: 'Key name is required.' })
    .max(100, { error: 'Key name must be at most 100 characters.' }),
});

export const apiKeyIdParam = z.object({ id: z.uuid({ error: 'API key not found.' }) });
