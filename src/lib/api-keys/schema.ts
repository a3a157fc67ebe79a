import { z } from 'zod';

/** An API key as its owner sees it in Settings: never its secret. */
export const apiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string().describe('The first characters of the key, to recognise it by.'),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

/** A new key: the only answer that carries the secret. */
export const createdApiKey = apiKey.extend({
  key: z.string().describe('The secret: shown in this answer only, never again.'),
});
export type CreatedApiKey = z.infer<typeof createdApiKey>;
