import { z } from 'zod';
import { errorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { listAuditLog } from '../../services/admin/verbs.ts';
import { auditEntryResponse, auditLogQuery } from './schema.ts';

/** GET /api/admin/audit-log: superusers read the audit log, newest first. */
export const auditLogRoute = defineRoute({
  method: 'get',
  path: '/api/admin/audit-log',
  tag: 'Admin',
  summary:
    'Superusers read the audit log (impersonation starts and every request of an impersonated session), newest first.',
  query: auditLogQuery,
  responses: {
    200: {
      description: 'Entries, newest first; page with before=<the last id>.',
      schema: z.array(auditEntryResponse),
    },
    403: {
      description: 'Only superusers can read the audit log, from their own sign-in (never with an API key).',
      schema: errorBody,
    },
  },
  handler: async (c, { query }) => c.json(await listAuditLog({ ctx: c.get('ctx'), input: query })),
});
