import type { SessionUser } from '../auth/types.ts';
import { ACCOUNT_CALL, api } from './client.ts';
import type { PlanId } from './usage.ts';

export interface AdminUser extends SessionUser {
  created_at: string;
  plan: PlanId;
  plan_source: 'free' | 'admin' | 'stripe';
}

export interface AuditEntry {
  id: number;
  actor_email: string;
  subject_email: string;
  action: string;
  method: string;
  path: string;
  status: number | null;
  created_at: string;
}

/** GET /admin/users?q=: users whose email or name contains the text (admins). */
export function searchUsers(q: string): Promise<AdminUser[]> {
  return api.get('admin/users', { ...ACCOUNT_CALL, searchParams: { q } }).json<AdminUser[]>();
}

/** PUT /admin/users/{id}/plan: puts an account on a plan, or back to Stripe / Free with null (admins). */
export function setUserPlan(userId: string, plan: PlanId | null): Promise<{ plan: PlanId; plan_name: string }> {
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
