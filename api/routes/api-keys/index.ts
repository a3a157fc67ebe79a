import { z } from 'zod';
import { apiKey, createdApiKey } from '../../../src/lib/api-keys/schema.ts';
import { errorBody, messageBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../../services/api-keys/verbs.ts';
import { apiKeyIdParam, createApiKeyBody } from './schema.ts';

/** GET /api/api-keys: the caller's live keys. */
export const listApiKeysRoute = defineRoute({
  method: 'get',
  path: '/api/api-keys',
  tag: 'API keys',
  summary: "The caller's live API keys (never their secrets).",
  responses: { 200: { description: 'Keys, newest first.', schema: z.array(apiKey) } },
  handler: async (c) => c.json(await listApiKeys({ ctx: c.get('ctx') })),
});

/** POST /api/api-keys: a new key; its secret is in this answer only. */
export const createApiKeyRoute = defineRoute({
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
  handler: async (c, { body }) => c.json(await createApiKey({ ctx: c.get('ctx'), input: body }), 201),
});

/** DELETE /api/api-keys/{id}: revokes a key everywhere from the next request on. */
export const revokeApiKeyRoute = defineRoute({
  method: 'delete',
  path: '/api/api-keys/{id}',
  tag: 'API keys',
  summary: 'Revokes a key; every server refuses it from the next request on.',
  params: apiKeyIdParam,
  responses: {
    200: { description: 'Revoked.', schema: messageBody },
    404: { description: 'No such live key of the caller.', schema: errorBody },
  },
  handler: async (c, { params }) => c.json(await revokeApiKey({ ctx: c.get('ctx'), input: { id: params.id } })),
});

/** /api/api-keys: the caller's keys (Settings → API Keys). */
export const apiKeysRoutes = [listApiKeysRoute, createApiKeyRoute, revokeApiKeyRoute];
