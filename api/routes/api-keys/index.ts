import { Hono } from 'hono';
import { NotFoundError } from '../../lib/errors.ts';
import type { AppEnv } from '../../lib/hono.ts';
import { parseJson } from '../../lib/validate.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../../services/api-keys/verbs.ts';
import { apiKeyIdParam, createApiKeyBody } from './schema.ts';

/** /api/api-keys: the caller's keys (Settings → API Keys). */
export const apiKeysRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await listApiKeys({ ctx: c.get('ctx') })))
  .post('/', async (c) => {
    const input = await parseJson(c, createApiKeyBody);
    return c.json(await createApiKey({ ctx: c.get('ctx'), input }), 201);
  })
  .delete('/:id', async (c) => {
    const params = apiKeyIdParam.safeParse(c.req.param());
    if (!params.success) throw new NotFoundError('API key not found.');
    return c.json(await revokeApiKey({ ctx: c.get('ctx'), input: { id: params.data.id } }));
  });
