import { Hono } from 'hono';
import { NotFoundError } from '../../lib/errors.ts';
import type { AppEnv } from '../../lib/hono.ts';
import { parseJson, parseWith } from '../../lib/validate.ts';
import { getAiSettings, testAiConnection } from '../../services/admin/ai.ts';
import { listAuditLog, listUsers, setAccountPlan, startImpersonation } from '../../services/admin/verbs.ts';
import { adminUserIdParam, auditLogQuery, listUsersQuery, setPlanBody } from './schema.ts';

function userId(param: Record<string, string>): string {
  const params = adminUserIdParam.safeParse(param);
  if (!params.success) throw new NotFoundError('User not found.');
  return params.data.id;
}

/**
 * /api/admin: find users, set an account's plan, impersonate, see and test the AI connection (admins); the audit log
 * (superusers).
 */
export const adminRoutes = new Hono<AppEnv>()
  .get('/users', async (c) =>
    c.json(await listUsers({ ctx: c.get('ctx'), input: parseWith(listUsersQuery, c.req.query(), 'query') })),
  )
  .put('/users/:id/plan', async (c) => {
    const id = userId(c.req.param());
    const body = await parseJson(c, setPlanBody);
    return c.json(await setAccountPlan({ ctx: c.get('ctx'), input: { userId: id, plan: body.plan } }));
  })
  .post('/users/:id/impersonate', async (c) =>
    c.json(
      await startImpersonation({
        ctx: c.get('ctx'),
        verifier: c.get('deps').verifier,
        input: { userId: userId(c.req.param()) },
      }),
    ),
  )
  .get('/ai', async (c) => c.json(await getAiSettings({ ctx: c.get('ctx') })))
  .post('/ai/test', async (c) => c.json(await testAiConnection({ ctx: c.get('ctx') })))
  .get('/audit-log', async (c) =>
    c.json(await listAuditLog({ ctx: c.get('ctx'), input: parseWith(auditLogQuery, c.req.query(), 'query') })),
  );
