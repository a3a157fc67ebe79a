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

/** How the AI server takes requests for JSON, best first (api/providers/ai/response-format.ts). */
export type AiJsonMode = 'json_schema' | 'json_object' | 'instructions';

/** GET /admin/ai: the configured AI server and model (never the key) and the JSON support last found. */
export interface AiSettings {
  configured: boolean;
  base_url: string | null;
  model: string | null;
  api_key_set: boolean;
  json_mode: AiJsonMode | null;
  message: string | null;
}

/** POST /admin/ai/test: what the connection test found, or why it failed in the server's words. */
export interface AiTestResult {
  configured: boolean;
  ok: boolean;
  model: string | null;
  message: string | null;
  json_mode?: AiJsonMode;
  latency_ms?: number;
  sample?: string;
  error?: string;
}

/** POST /admin/ai/test: asks the configured model a small question (admins). */
export function postAiTest(): Promise<AiTestResult> {
  return api.post('admin/ai/test', { ...ACCOUNT_CALL, timeout: false }).json<AiTestResult>();
}
