import { Hono } from 'hono';
import { clientAddress, clientKey } from '../../lib/client-address.ts';
import type { AppEnv } from '../../lib/hono.ts';
import { parseJson } from '../../lib/validate.ts';
import { transcribeReel } from '../../services/transcriptions/transcribe.ts';
import { transcribeBody } from './schema.ts';

/** /api/reels: the public transcriber (no sign-in, limited per client: an IPv4 address or an IPv6 /64). */
export const reelsRoutes = new Hono<AppEnv>().post('/transcribe', async (c) => {
  const { reel } = await parseJson(c, transcribeBody);
  const { config, sql } = c.get('deps');
  const client = clientKey(clientAddress(c, config.TRUSTED_PROXIES));
  return c.json(await transcribeReel({ ctx: { sql, config }, input: { reel, client } }));
});
