import { aiSettings, probeConnection, rememberedJsonMode, type JsonMode } from '../../providers/ai/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import type { AiSettings, AiTestResult } from '../../../src/lib/admin/schema.ts';
import { assertAdmin } from '../signed-in.ts';

/** Shown when no model is configured: what writes instead, and how to connect one. */
export const AI_NOT_CONFIGURED =
  'No AI model is configured, so the offline composer is in use: it writes brand guides and plans from the website ' +
  'and labels them as drafts. To connect a model, set AI_BASE_URL and AI_MODEL (and AI_API_KEY if the server wants ' +
  'one) and restart Inkpilot; "Connect an AI model" in the README lists servers that work.';

/** The AI settings as admins see them: which server and model, whether a key is set (never the key), the JSON mode. */
export async function getAiSettings({ ctx }: { ctx: ServiceContext }): Promise<AiSettings> {
  assertAdmin(ctx);
  const settings = aiSettings(ctx.config);
  if (!settings)
    return {
      configured: false,
      base_url: null,
      model: null,
      api_key_set: false,
      json_mode: null,
      message: AI_NOT_CONFIGURED,
    };
  const mode: JsonMode | undefined = await rememberedJsonMode(ctx.sql, settings.baseUrl, settings.model);
  return {
    configured: true,
    base_url: settings.baseUrl,
    model: settings.model,
    api_key_set: Boolean(settings.apiKey),
    json_mode: mode ?? null,
    message: null,
  };
}

/** Admins check the configured model answers: its JSON support, latency and a sample, or the server's own error. */
export async function testAiConnection({ ctx }: { ctx: ServiceContext }): Promise<AiTestResult> {
  assertAdmin(ctx);
  const settings = aiSettings(ctx.config);
  if (!settings) return { configured: false, ok: false, model: null, message: AI_NOT_CONFIGURED };
  const result = await probeConnection(settings, ctx.sql);
  return { configured: true, model: settings.model, message: null, ...result };
}
