import { z } from 'zod';
import { planId, planSource } from '../usage/schema.ts';
import { user } from '../users/schema.ts';

/** An account as the admins' user search shows it: the presented user with its plan. */
export const adminUser = user.extend({
  created_at: z.iso.datetime(),
  plan: planId,
  plan_source: planSource,
});
export type AdminUser = z.infer<typeof adminUser>;

/** An account's plan after an admin set it. */
export const accountPlanSet = z.object({
  user_id: z.uuid(),
  plan: planId,
  plan_name: z.string(),
  plan_source: planSource,
});
export type AccountPlanSet = z.infer<typeof accountPlanSet>;

/** One line of the audit log (impersonation starts and every request of an impersonated session). */
export const auditEntry = z.object({
  id: z.number().int(),
  actor_id: z.uuid().nullable(),
  actor_email: z.string(),
  subject_id: z.uuid().nullable(),
  subject_email: z.string(),
  action: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().int().nullable(),
  created_at: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
