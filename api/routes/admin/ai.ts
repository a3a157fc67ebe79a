import { aiSettings, aiTestResult } from '../../../src/lib/admin/schema.ts';
import { defineRoute } from '../../lib/route.ts';
import { getAiSettings, testAiConnection } from '../../services/admin/ai.ts';
import { admins } from './schema.ts';

/** GET /api/admin/ai: admins see which AI server and model are configured (never the key). */
export const aiSettingsRoute = defineRoute({
  method: 'get',
  path: '/api/admin/ai',
  tag: 'Admin',
  summary: 'Admins see which AI server and model are configured (never the key) and the JSON support found.',
  responses: { 200: { description: 'The AI settings.', schema: aiSettings }, ...admins },
  handler: async (c) => c.json(await getAiSettings({ ctx: c.get('ctx') })),
});

/** POST /api/admin/ai/test: admins check the configured model answers, and in which JSON mode. */
export const aiTestRoute = defineRoute({
  method: 'post',
  path: '/api/admin/ai/test',
  tag: 'Admin',
  summary:
    "Admins test the AI connection: a small request in each JSON mode from the best down; the model, the mode it takes, latency and a sample, or the server's own error. No body.",
  responses: { 200: { description: 'What the test found.', schema: aiTestResult }, ...admins },
  handler: async (c) => c.json(await testAiConnection({ ctx: c.get('ctx') })),
});
