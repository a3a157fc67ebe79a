import type { Db } from './sql.ts';

/** One AI request's tokens (ai_usage), written by the provider layer (api/providers/ai/usage.ts). */
export interface AiUsageRow {
  project_id: string | null;
  task_id: string | null;
  purpose: string;
  model: string;
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /** True when the server reported no usage and the counts are estimated from the text. */
  tokens_estimated: boolean;
}

/** Appends one ai_usage row. */
export async function insertAiUsage(sql: Db, row: AiUsageRow): Promise<void> {
  await sql`
    insert into ai_usage (project_id, task_id, purpose, model, prompt_tokens, completion_tokens, total_tokens, tokens_estimated)
    values (${row.project_id}, ${row.task_id}, ${row.purpose}, ${row.model},
            ${row.prompt_tokens}, ${row.completion_tokens}, ${row.total_tokens}, ${row.tokens_estimated})`;
}
