import { Hono } from 'hono';
import type { AppEnv } from '../../lib/hono.ts';
import { logoutUser } from '../../services/users/logout.ts';
import { presentUser } from '../../services/users/present.ts';

/** /api/users: the signed-in user and sign-out. */
export const usersRoutes = new Hono<AppEnv>()
  .get('/me', (c) => c.json(presentUser(c.get('user'))))
  .post('/logout', async (c) => {
    await logoutUser({ ctx: c.get('ctx'), verifier: c.get('deps').verifier });
    return c.json({ detail: 'Logged out.' });
  });
