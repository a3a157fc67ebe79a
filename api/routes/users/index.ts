import { z } from 'zod';
import { user } from '../../../src/lib/users/schema.ts';
import { defineRoute } from '../../lib/route.ts';
import { logoutUser } from '../../services/users/logout.ts';
import { presentUser } from '../../services/users/present.ts';

/** GET /api/users/me: the signed-in user. */
export const getMe = defineRoute({
  method: 'get',
  path: '/api/users/me',
  tag: 'Users',
  summary: 'The signed-in user (also at /api/users/me/).',
  responses: { 200: { description: 'The caller.', schema: user } },
  handler: (c) => c.json(presentUser(c.get('user'))),
});

/** POST /api/users/logout: signs the caller out everywhere. */
export const logout = defineRoute({
  method: 'post',
  path: '/api/users/logout',
  tag: 'Users',
  summary: 'Signs the caller out everywhere (sign-in tokens; API keys stay).',
  responses: { 200: { description: 'Signed out.', schema: z.object({ detail: z.string() }) } },
  handler: async (c) => {
    await logoutUser({ ctx: c.get('ctx'), verifier: c.get('deps').verifier });
    return c.json({ detail: 'Logged out.' });
  },
});

/** /api/users: the signed-in user and sign-out. */
export const usersRoutes = [getMe, logout];
