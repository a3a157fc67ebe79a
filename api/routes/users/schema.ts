import { z } from 'zod';
import { errorBody, operation } from '../../lib/openapi.ts';

export const user = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_admin: z.boolean(),
  is_superuser: z.boolean(),
  avatar_url: z.string().nullable(),
  external_id: z.string(),
});

export const operations = [
  operation({
    method: 'get',
    path: '/api/users/me',
    tag: 'Users',
    summary: 'The signed-in user (also at /api/users/me/).',
    responses: { 200: { description: 'The caller.', schema: user } },
  }),
  operation({
    method: 'post',
    path: '/api/users/logout',
    tag: 'Users',
    summary: 'Signs the caller out everywhere (sign-in tokens; API keys stay). Needs a sign-in, not a key.',
    responses: {
      200: { description: 'Signed out.', schema: z.object({ detail: z.string() }) },
      403: { description: 'Called with an API key: a leaked key cannot sign its owner out.', schema: errorBody },
    },
  }),
];
