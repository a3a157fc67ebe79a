import { z } from 'zod';

export const adminUserIdParam = z.object({ id: z.uuid({ error: 'User not found.' }) });

export const listUsersQuery = z.object({
  q: z.string().trim().max(200, { error: 'Search text must be at most 200 characters.' }).default(''),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const setPlanBody = z.object({
  plan: z.enum(['free', 'starter', 'pro', 'scale'], { error: 'Plan must be free, starter, pro, scale or null.' }).nullable(),
});

export const auditLogQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
  before: z.coerce.number().int().min(1).optional(),
});

const presentedUser = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_admin: z.boolean(),
  is_superuser: z.boolean(),
  avatar_url: z.string().nullable(),
  external_id: z.string(),
});

export const adminUserResponse = presentedUser.extend({
  created_at: z.iso.datetime(),
  plan: z.enum(['free', 'starter', 'pro', 'scale']),
  plan_source: z.enum(['free', 'admin', 'stripe']),
});

export const setPlanResponse = z.object({ user_id: z.uuid(), plan: z.string(), plan_name: z.string(), plan_source: z.string() });

export const impersonateResponse = z.object({ custom_token: z.string(), original_custom_token: z.string(), user: presentedUser });

export const auditEntryResponse = z.object({
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
