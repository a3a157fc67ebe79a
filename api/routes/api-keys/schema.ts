import { z } from 'zod';
import { errorBody, messageBody, operation } from '../../lib/openapi.ts';

export const createApiKeyBody = z.object({
  name: z
    .string({ error: 'Key name is required.' })
    .trim()
    .min(1, { error: 'Key name is required.' })
    .max(100, { error: 'Key name must be at most 100 characters.' }),
});

export const apiKeyIdParam = z.object({ id: z.uuid({ error: 'API key not found.' }) });

export const apiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string().describe('The first characters of the key, to recognise it by.'),
  created_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().nullable(),
});

export const createdApiKey = apiKey.extend({
  key: z.string().describe('The secret: shown in this answer only, never again.'),
});

export const operations = [
  operation({
    method: 'get',
    path: '/api/api-keys',
    tag: 'API keys',
    summary: "The caller's live API keys (never their secrets).",
    responses: { 200: { description: 'Keys, newest first.', schema: z.array(apiKey) } },
  }),
  operation({
    method: 'post',
    path: '/api/api-keys',
    tag: 'API keys',
    summary: 'Creates an API key (Scale plan; needs a sign-in, not a key). The secret is in this answer only.',
    body: createApiKeyBody,
    responses: {
      201: { description: 'The new key with its secret.', schema: createdApiKey },
      403: {
        description: 'Not on the Scale plan, or called with an API key or while impersonating.',
        schema: errorBody,
      },
    },
  }),
  operation({
    method: 'delete',
    path: '/api/api-keys/{id}',
    tag: 'API keys',
    summary: 'Revokes a key (needs a sign-in, not a key); every server refuses it from the next request on.',
    params: apiKeyIdParam,
    responses: {
      200: { description: 'Revoked.', schema: messageBody },
      403: { description: 'Called with an API key: a leaked key cannot revoke its owner’s keys.', schema: errorBody },
      404: { description: 'No such live key of the caller.', schema: errorBody },
    },
  }),
];
