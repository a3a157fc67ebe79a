import { Hono } from 'hono';
import type { z } from 'zod';
import { NotFoundError } from '../../lib/errors.ts';
import type { AppEnv } from '../../lib/hono.ts';
import { parseJson } from '../../lib/validate.ts';
import { createInvite, listInvites, revokeInvite } from '../../services/members/invites.ts';
import { changeMemberRole, listMembers, removeMember } from '../../services/members/verbs.ts';
import { changeRoleBody, createInviteBody, inviteParams, memberParams, projectIdParam } from './schema.ts';

/** Path ids that are not uuids name nothing: the same 404 as a missing one. */
function params<S extends z.ZodObject>(schema: S, raw: Record<string, string>): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new NotFoundError(parsed.error.issues[0]?.message ?? 'Not found.');
  return parsed.data;
}

/** /api/projects/{id}/members and /invites: who is in a project and the links that let people in (owners). */
export const membersRoutes = new Hono<AppEnv>()
  .get('/:id/members', async (c) =>
    c.json(await listMembers({ ctx: c.get('ctx'), input: { projectId: params(projectIdParam, c.req.param()).id } })),
  )
  .patch('/:id/members/:userId', async (c) => {
    const { id, userId } = params(memberParams, c.req.param());
    const { role } = await parseJson(c, changeRoleBody);
    return c.json(await changeMemberRole({ ctx: c.get('ctx'), input: { projectId: id, userId, role } }));
  })
  .delete('/:id/members/:userId', async (c) => {
    const { id, userId } = params(memberParams, c.req.param());
    return c.json(await removeMember({ ctx: c.get('ctx'), input: { projectId: id, userId } }));
  })
  .get('/:id/invites', async (c) =>
    c.json(await listInvites({ ctx: c.get('ctx'), input: { projectId: params(projectIdParam, c.req.param()).id } })),
  )
  .post('/:id/invites', async (c) => {
    const { id } = params(projectIdParam, c.req.param());
    const body = await parseJson(c, createInviteBody);
    return c.json(
      await createInvite({
        ctx: c.get('ctx'),
        input: { projectId: id, role: body.role, expiresInHours: body.expires_in_hours },
      }),
      201,
    );
  })
  .delete('/:id/invites/:inviteId', async (c) => {
    const { id, inviteId } = params(inviteParams, c.req.param());
    return c.json(await revokeInvite({ ctx: c.get('ctx'), input: { projectId: id, inviteId } }));
  });
