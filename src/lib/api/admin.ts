import type { AccountPlanSet, AdminUser, AuditEntry } from '../admin/schema.ts';
import type { SessionUser } from '../auth/types.ts';
import type { PlanId } from '../usage/schema.ts';
import { ACCOUNT_CALL, api } from './client.ts';

export type { AdminUser, AuditEntry } from '../admin/schema.ts';

/** GET /admin/users?q=: users whose email or name contains the text (admins). */
export function searchUsers(q: string): Promise<AdminUser[]> {
  return api.get('admin/users', { ...ACCOUNT_CALL, searchParams: { q } }).json<AdminUser[]>();
}

/** PUT /admin/users/{id}/plan: puts an account on a plan, or back to Stripe / Free with null (admins). */
export function setUserPlan(userId: string, plan: PlanId | null): Promise<AccountPlanSet> {
  return api.put(`admin/users/${userId}/plan`, { ...ACCOUNT_CALL, json: { plan } }).json();
}

/** POST /admin/users/{id}/impersonate: a custom token for the user and one for the admin to come back with. */
export function postImpersonation(
  userId: string,
): Promise<{ custom_token: string; original_custom_token: string; user: SessionUser }> {
  return api.post(`admin/users/${userId}/impersonate`, ACCOUNT_CALL).json();
}

/** GET /admin/audit-log: newest first (superusers). */
export function fetchAuditLog(): Promise<AuditEntry[]> {
  return api.get('admin/audit-log', { ...ACCOUNT_CALL, searchParams: { limit: 200 } }).json<AuditEntry[]>();
}
