import { aiSettingsRoute, aiTestRoute } from './ai.ts';
import { auditLogRoute } from './audit-log.ts';
import { impersonateRoute, listUsersRoute, setPlanRoute } from './users.ts';

/**
 * /api/admin: find users, set an account's plan, impersonate, see and test the AI connection (admins); the audit log
 * (superusers).
 */
export const adminRoutes = [
  listUsersRoute,
  setPlanRoute,
  impersonateRoute,
  aiSettingsRoute,
  aiTestRoute,
  auditLogRoute,
];
