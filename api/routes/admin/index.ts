import { auditLogRoute } from './audit-log.ts';
import { impersonateRoute, listUsersRoute, setPlanRoute } from './users.ts';

/** /api/admin: find users, set an account's plan, impersonate (admins); the audit log (superusers). */
export const adminRoutes = [listUsersRoute, setPlanRoute, impersonateRoute, auditLogRoute];
