import type { Db } from '../../db/sql.ts';
import type { JsonMode } from './response-format.ts';

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
