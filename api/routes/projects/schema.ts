import { z } from 'zod';

export const createProjectBody = z.object({
  name: z
    .string({ error: 'Project name is required.' })
    .trim()
    .min(1, { error: 'Project name is required.' })
    .max(200, { error: 'Project name must be at most 200 characters.' }),
  description: z.string().trim().max(2000, { error: 'Description must be at most 2000 characters.' }).default(''),
});

export const projectIdParam = z.object({ id: z.uuid({ error: 'Project not found.' }) });

export const updateProjectBody = z
  .object({ default_prompt_id: z.uuid({ error: 'Style guide not found.' }).optional() })
  .strict();

export const brandFetchBody = z.object({
  brand_url: z.string({ error: 'Please enter a valid URL.' }).trim().min(1, { error: 'Please enter a valid URL.' }).max(2048, { error: 'Please enter a valid URL.' }),
});
