import { Hono } from 'hono';
import { NotFoundError } from '../../lib/errors.ts';
import type { AppEnv } from '../../lib/hono.ts';
import { acceptInvite, previewInvite } from '../../services/members/invites.ts';
import { inviteTokenParam } from './schema.ts';

function token(raw: Record<string, string>): string {
  const parsed = inviteTokenParam.safeParse(raw);
  if (!parsed.success) throw new NotFoundError('This invite link is not valid.');
  return parsed.data.token;
}

/** /api/invites/{token}: the accept page's calls (any signed-in user holding a link). */
export const invitesRoutes = new Hono<AppEnv>()
  .get('/:token', async (c) =>
    c.json(await previewInvite({ ctx: c.get('ctx'), input: { token: token(c.req.param()) } })),
  )
  .post('/:token/accept', async (c) =>
    c.json(await acceptInvite({ ctx: c.get('ctx'), input: { token: token(c.req.param()) } })),
  );
