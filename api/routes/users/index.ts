import { Hono } from 'hono';
import type { AppEnv } from '../../lib/hono.ts';
import { textStream } from '../../lib/text-stream.ts';
import { parseJson } from '../../lib/validate.ts';
import { deleteAccount } from '../../services/privacy/delete-account.ts';
import { previewAccountDeletion } from '../../services/privacy/deletion-preview.ts';
import { exportAccountData } from '../../services/privacy/export.ts';
import { logoutUser } from '../../services/users/logout.ts';
import { presentUser } from '../../services/users/present.ts';
import { deleteAccountBody } from './schema.ts';

/** /api/users: the signed-in user, sign-out, the export of their data and the deletion of their account. */
export const usersRoutes = new Hono<AppEnv>()
  .get('/me', (c) => c.json(presentUser(c.get('user'))))
  .delete('/me', async (c) => {
    const body = await parseJson(c, deleteAccountBody);
    const input = { confirmEmail: body.confirm_email };
    return c.json(await deleteAccount({ ctx: c.get('ctx'), verifier: c.get('deps').verifier, input }));
  })
  .get('/me/export', async (c) => {
    const data = await exportAccountData({ ctx: c.get('ctx') });
    return new Response(textStream(data.chunks), {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="${data.filename}"`,
        'Cache-Control': 'no-store',
      },
    });
  })
  .get('/me/deletion-preview', async (c) => c.json(await previewAccountDeletion({ ctx: c.get('ctx') })))
  .post('/logout', async (c) => {
    await logoutUser({ ctx: c.get('ctx'), verifier: c.get('deps').verifier });
    return c.json({ detail: 'Logged out.' });
  });
