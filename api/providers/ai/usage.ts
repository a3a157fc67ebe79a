import type { Db } from '../../db/sql.ts';
import type { UsageTag } from './types.ts';

export interface TokenCounts {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** One ai_usage row per AI request, so spend can be summed per project and per task. */
export async function recordUsage(sql: Db, tag: UsageTag, model: string, tokens: TokenCounts): Promise<void> {
  await sql`
    insert into ai_usage (project_id, task_id, purpose, model, prompt_tokens, completion_tokens, total_tokens)
    values (${tag.projectId}, ${tag.taskId ?? null}, ${tag.purpose}, ${model},
            ${tokens.prompt_tokens}, ${tokens.completion_tokens}, ${tokens.total_tokens})`;
}
