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

/** How the AI server takes requests for JSON, best first (api/providers/ai/response-format.ts). */
export const aiJsonMode = z
  .enum(['json_schema', 'json_object', 'instructions'])
  .describe(
    'How the server takes requests for JSON: structured outputs (json_schema), JSON mode (json_object), or only the instruction in the messages.',
  );
export type AiJsonMode = z.infer<typeof aiJsonMode>;

/** The configured AI server and model as admins see them (never the key), with the JSON support last found. */
export const aiSettings = z.object({
  configured: z.boolean().describe('false: no AI_BASE_URL and AI_MODEL, the offline composer writes.'),
  base_url: z.string().nullable(),
  model: z.string().nullable(),
  api_key_set: z.boolean().describe('Whether AI_API_KEY is set; the key itself is never returned.'),
  json_mode: aiJsonMode.nullable().describe('What the server was last found to take; null before it was ever asked.'),
  message: z.string().nullable().describe('When not configured: what writes instead and how to connect a model.'),
});
export type AiSettings = z.infer<typeof aiSettings>;

/** What the AI connection test found, or why it failed in the server's own words. */
export const aiTestResult = z.object({
  configured: z.boolean(),
  ok: z.boolean(),
  model: z.string().nullable(),
  message: z.string().nullable().describe('When not configured: what writes instead and how to connect a model.'),
  json_mode: aiJsonMode.optional().describe('When ok: the best mode the server took (now remembered).'),
  latency_ms: z.number().int().optional().describe('When ok: how long the answer took.'),
  sample: z.string().optional().describe("When ok: the model's short answer."),
  error: z.string().optional().describe("When the test failed: the server's own error text."),
});
export type AiTestResult = z.infer<typeof aiTestResult>;
