import type { Config } from '../../config.ts';
import type { Db } from '../../db/sql.ts';
import type { ChatSettings } from './chat.ts';
import { createOfflineProvider } from './offline/provider.ts';
import { createOpenAiProvider } from './openai.ts';
import type { Ai } from './types.ts';

export { probeConnection, type ConnectionResult } from './connection-test.ts';
export { languageInstruction, offlineLabel } from './language.ts';
export { selectJsonMode as rememberedJsonMode } from './queries.ts';
export type { JsonMode } from './response-format.ts';
export { AiError, DRAFT_LABEL, type Ai, type AiMessage, type Generated, type Written } from './types.ts';

type AiConfig = Pick<Config, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL' | 'AI_TIMEOUT_MS' | 'AI_MAX_RETRIES'>;

/** The configured OpenAI-compatible server, or null when AI_BASE_URL and AI_MODEL are not both set (offline). */
export function aiSettings(config: AiConfig): ChatSettings | null {
  if (!config.AI_BASE_URL || !config.AI_MODEL) return null;
  return {
    baseUrl: config.AI_BASE_URL,
    apiKey: config.AI_API_KEY,
    model: config.AI_MODEL,
    timeoutMs: config.AI_TIMEOUT_MS,
    maxRetries: config.AI_MAX_RETRIES,
  };
}

/** The AI the app uses: an OpenAI-compatible server when AI_BASE_URL and AI_MODEL are set, else the offline composer. */
export function createAi(config: AiConfig, sql: Db): Ai {
  const settings = aiSettings(config);
  return settings ? createOpenAiProvider(settings, sql) : createOfflineProvider();
}
