import { z } from 'zod';
import { user } from '../users/schema.ts';
import { errorBody, operation } from '../../lib/openapi.ts';
import { planId, planSource } from '../usage/schema.ts';

export const adminUserIdParam = z.object({ id: z.uuid({ error: 'User not found.' }) });

export const listUsersQuery = z.object({
  q: z.string().trim().max(200, { error: 'Search text must be at most 200 characters.' }).default(''),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const setPlanBody = z.object({
  plan: z
    .enum(['free', 'starter', 'pro', 'scale'], { error: 'Plan must be free, starter, pro, scale or null.' })
    .nullable()
    .describe("null takes the admin's plan away: the account goes back to its Stripe plan, or Free."),
});

export const auditLogQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
  before: z.coerce.number().int().min(1).optional(),
});

/** The user as GET /api/users/me/ presents it: one shape for both. */
const presentedUser = user;

export const adminUserResponse = presentedUser.extend({
  created_at: z.iso.datetime(),
  plan: planId,
  plan_source: planSource,
});

export const setPlanResponse = z.object({
  user_id: z.uuid(),
  plan: planId,
  plan_name: z.string(),
  plan_source: planSource,
});

export const impersonateResponse = z.object({
  custom_token: z.string(),
  original_custom_token: z.string(),
  user: presentedUser,
});

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

const jsonMode = z
  .enum(['json_schema', 'json_object', 'instructions'])
  .describe(
    'How the server takes requests for JSON: structured outputs (json_schema), JSON mode (json_object), or only the instruction in the messages.',
  );

export const aiSettingsResponse = z.object({
  configured: z.boolean().describe('false: no AI_BASE_URL and AI_MODEL, the offline composer writes.'),
  base_url: z.string().nullable(),
  model: z.string().nullable(),
  api_key_set: z.boolean().describe('Whether AI_API_KEY is set; the key itself is never returned.'),
  json_mode: jsonMode.nullable().describe('What the server was last found to take; null before it was ever asked.'),
  message: z.string().nullable().describe('When not configured: what writes instead and how to connect a model.'),
});

export const aiTestResponse = z.object({
  configured: z.boolean(),
  ok: z.boolean(),
  model: z.string().nullable(),
  message: z.string().nullable().describe('When not configured: what writes instead and how to connect a model.'),
  json_mode: jsonMode.optional().describe('When ok: the best mode the server took (now remembered).'),
  latency_ms: z.number().int().optional().describe('When ok: how long the answer took.'),
  sample: z.string().optional().describe("When ok: the model's short answer."),
  error: z.string().optional().describe("When the test failed: the server's own error text."),
});

const admins = {
  403: {
    description:
      'Only admins can do this, from their own sign-in (never with an API key; an impersonated session has no admin rights).',
    schema: errorBody,
  },
};
const noUser = { 404: { description: 'No such user.', schema: errorBody } };

export const operations = [
  operation({
    method: 'get',
    path: '/api/admin/users',
    tag: 'Admin',
    summary: 'Admins find accounts by email or name, newest first, each with its plan.',
    query: listUsersQuery,
    responses: { 200: { description: 'Matching users.', schema: z.array(adminUserResponse) }, ...admins },
  }),
  operation({
    method: 'put',
    path: '/api/admin/users/{id}/plan',
    tag: 'Admin',
    summary: 'Admins put an account on a plan, whatever Stripe says; null goes back to the Stripe plan or Free.',
    params: adminUserIdParam,
    body: setPlanBody,
    responses: { 200: { description: "The account's plan now.", schema: setPlanResponse }, ...admins, ...noUser },
  }),
  operation({
    method: 'post',
    path: '/api/admin/users/{id}/impersonate',
    tag: 'Admin',
    summary:
      'Admins start acting as a user: a custom token for that user (every request of the session is audited) and one to sign back in as the admin. No body.',
    params: adminUserIdParam,
    responses: {
      200: { description: 'Custom tokens to sign in with.', schema: impersonateResponse },
      403: {
        description:
          'Only admins can do this, from their own sign-in (never with an API key); superusers cannot be impersonated.',
        schema: errorBody,
      },
      ...noUser,
      422: { description: 'You cannot impersonate yourself.', schema: errorBody },
    },
  }),
  operation({
    method: 'get',
    path: '/api/admin/ai',
    tag: 'Admin',
    summary: 'Admins see which AI server and model are configured (never the key) and the JSON support found.',
    responses: { 200: { description: 'The AI settings.', schema: aiSettingsResponse }, ...admins },
  }),
  operation({
    method: 'post',
    path: '/api/admin/ai/test',
    tag: 'Admin',
    summary:
      "Admins test the AI connection: a small request in each JSON mode from the best down; the model, the mode it takes, latency and a sample, or the server's own error. No body.",
    responses: { 200: { description: 'What the test found.', schema: aiTestResponse }, ...admins },
  }),
  operation({
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
  }),
];
