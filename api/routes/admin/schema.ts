import { z } from 'zod';
import { accountPlanSet, adminUser, auditEntry } from '../../../src/lib/admin/schema.ts';
import { planId } from '../../../src/lib/usage/schema.ts';
import { user } from '../../../src/lib/users/schema.ts';
import { errorBody } from '../../lib/openapi.ts';

export const adminUserIdParam = z.object({ id: z.uuid({ error: 'User not found.' }) });

export const listUsersQuery = z.object({
  q: z.string().trim().max(200, { error: 'Search text must be at most 200 characters.' }).default(''),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const setPlanBody = z.object({
  plan: z
    .enum(planId.options, { error: 'Plan must be free, starter, pro, scale or null.' })
    .nullable()
    .describe("null takes the admin's plan away: the account goes back to its Stripe plan, or Free."),
});

export const auditLogQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
  before: z.coerce.number().int().min(1).optional(),
});

/** Answers of the admin routes: the entities of src/lib/admin, and the tokens of an impersonation. */
export const adminUserResponse = adminUser;
export const setPlanResponse = accountPlanSet;
export const auditEntryResponse = auditEntry;
export const impersonateResponse = z.object({
  custom_token: z.string(),
  original_custom_token: z.string(),
  user,
});

export const admins = {
  403: {
    description:
      'Only admins can do this, from their own sign-in (never with an API key; an impersonated session has no admin rights).',
    schema: errorBody,
  },
};
export const noUser = { 404: { description: 'No such user.', schema: errorBody } };
