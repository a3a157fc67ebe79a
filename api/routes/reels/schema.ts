import { z } from 'zod';
import { errorBody, operation } from '../../lib/openapi.ts';

export const transcribeBody = z.object({
  reel: z
    .string({ error: 'Reel URL is required.' })
    .trim()
    .min(1, 'Reel URL is required.')
    .max(2048, 'Reel URL is too long.'),
});

export const operations = [
  operation({
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
  }),
];
