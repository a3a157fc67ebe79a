import { insertAiUsage } from '../../db/ai-usage.ts';
import type { Db } from '../../db/sql.ts';
import type { UsageTag } from './types.ts';

export interface TokenCounts {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** One ai_usage row per AI request, so spend can be summed per project and per task. */
export async function recordUsage(sql: Db, tag: UsageTag, model: string, tokens: TokenCounts): Promise<void> {
  await insertAiUsage(sql, {
    project_id: tag.projectId,
    task_id: tag.taskId ?? null,
    purpose: tag.purpose,
    model,
    ...tokens,
  });
}
