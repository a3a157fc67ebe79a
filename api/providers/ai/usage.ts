import { insertAiUsage } from '../../db/ai-usage.ts';
import type { Db } from '../../db/sql.ts';
import type { AiMessage, TokenCounts, UsageTag } from './types.ts';

export type { TokenCounts } from './types.ts';

/** About four characters a token: what an answer without `usage` is charged (and marked as estimated). */
const CHARS_PER_TOKEN = 4;

/** Tokens estimated from the text sent and received, for servers that report no usage. */
export function estimateTokens(messages: AiMessage[], answer: string): TokenCounts {
  const prompt = Math.ceil(messages.reduce((sum, message) => sum + message.content.length, 0) / CHARS_PER_TOKEN);
  const completion = Math.ceil(answer.length / CHARS_PER_TOKEN);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

/** Adds token counts; null (unknown) when any of them is. */
export function addTokens(a: TokenCounts | null, b: TokenCounts | null): TokenCounts | null {
  if (!a || !b) return null;
  return {
    prompt_tokens: a.prompt_tokens + b.prompt_tokens,
    completion_tokens: a.completion_tokens + b.completion_tokens,
    total_tokens: a.total_tokens + b.total_tokens,
  };
}

/**
 * One ai_usage row per AI request, so spend can be summed per project and per task; a request the server reported no
 * usage for is charged an estimate, marked as one.
 */
export async function recordUsage(
  sql: Db,
  tag: UsageTag,
  model: string,
  reported: TokenCounts | null,
  estimate: () => TokenCounts,
): Promise<void> {
  await insertAiUsage(sql, {
    project_id: tag.projectId,
    task_id: tag.taskId ?? null,
    purpose: tag.purpose,
    model,
    ...(reported ?? estimate()),
    tokens_estimated: reported === null,
  });
}
