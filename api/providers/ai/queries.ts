import type { Db } from '../../db/sql.ts';
import type { JsonMode } from './response-format.ts';
import type { TokenCounts, UsageTag } from './types.ts';

/** One ai_usage row per AI request, so spend can be summed per project and per task. */
export async function insertAiUsage(
  sql: Db,
  tag: UsageTag,
  model: string,
  tokens: TokenCounts,
  estimated: boolean,
): Promise<void> {
  await sql`
    insert into ai_usage (project_id, task_id, purpose, model, prompt_tokens, completion_tokens, total_tokens, tokens_estimated)
    values (${tag.projectId}, ${tag.taskId ?? null}, ${tag.purpose}, ${model},
            ${tokens.prompt_tokens}, ${tokens.completion_tokens}, ${tokens.total_tokens}, ${estimated})`;
}

/** The JSON mode last found to work with a server and model, or undefined when it was never asked. */
export async function selectJsonMode(sql: Db, baseUrl: string, model: string): Promise<JsonMode | undefined> {
  const [row]: [{ json_mode: JsonMode }?] = await sql`
    select json_mode from ai_provider_modes where base_url = ${baseUrl} and model = ${model}`;
  return row?.json_mode;
}

/** Remembers the JSON mode that worked with a server and model. */
export async function upsertJsonMode(sql: Db, baseUrl: string, model: string, mode: JsonMode): Promise<void> {
  await sql`
    insert into ai_provider_modes (base_url, model, json_mode) values (${baseUrl}, ${model}, ${mode})
    on conflict (base_url, model) do update set json_mode = excluded.json_mode, updated_at = now()`;
}
