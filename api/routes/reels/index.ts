import { z } from 'zod';
import { clientAddress, clientKey } from '../../lib/client-address.ts';
import { errorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { transcribeReel } from '../../services/transcriptions/transcribe.ts';

export const transcribeBody = z.object({
  reel: z
    .string({ error: 'Reel URL is required.' })
    .trim()
    .min(1, 'Reel URL is required.')
    .max(2048, 'Reel URL is too long.'),
});

/** POST /api/reels/transcribe: the public transcriber (no sign-in, limited per client: an IPv4 address or an IPv6 /64). */
export const transcribeRoute = defineRoute({
  method: 'post',
  path: '/api/reels/transcribe',
  tag: 'Transcriber',
  public: true,
  summary: 'Transcribes a public Instagram reel (no sign-in; rate limited per client).',
  body: transcribeBody,
  responses: {
    200: { description: 'The transcript.' },
    429: { description: 'Too many requests; see Retry-After.', schema: errorBody },
  },
  handler: async (c, { body }) => {
    const { config, sql } = c.get('deps');
    const client = clientKey(clientAddress(c, config.TRUSTED_PROXIES));
    return c.json(await transcribeReel({ ctx: { sql, config }, input: { reel: body.reel, client } }));
  },
});

/** /api/reels: the public transcriber. */
export const reelsRoutes = [transcribeRoute];
