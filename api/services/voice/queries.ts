import type { Db } from '../../db/sql.ts';
import type { VoiceArticle, VoiceExample, VoiceProfile } from '../../../src/lib/voice/schema.ts';

/** The example article addresses a project keeps beside its homepage. */
export async function selectProjectExampleUrls(sql: Db, projectId: string): Promise<string[]> {
  const [row]: [{ brand_example_urls: string[] }?] =
    await sql`select brand_example_urls from projects where id = ${projectId}`;
  return row?.brand_example_urls ?? [];
}

/** Replaces a project's example article addresses. */
export async function setProjectExampleUrls(sql: Db, projectId: string, urls: string[]): Promise<void> {
  await sql`update projects set brand_example_urls = ${urls}, updated_at = now() where id = ${projectId}`;
}

/** Records the example articles a brand task is to read. */
export async function setBrandTaskExampleUrls(sql: Db, taskId: string, urls: string[]): Promise<void> {
  await sql`update brand_tasks set example_urls = ${urls} where id = ${taskId}`;
}

/** The example articles of a brand task and, once read, what became of each. */
export async function selectBrandTaskExamples(
  sql: Db,
  taskId: string,
): Promise<{ example_urls: string[]; example_results: VoiceArticle[] }> {
  const [row]: [{ example_urls: string[]; example_results: VoiceArticle[] }?] =
    await sql`select example_urls, example_results from brand_tasks where id = ${taskId}`;
  return row ?? { example_urls: [], example_results: [] };
}

/** Stores what became of each example article of a brand task. */
export async function setBrandTaskExampleResults(sql: Db, taskId: string, results: VoiceArticle[]): Promise<void> {
  await sql`update brand_tasks set example_results = ${sql.json(results as never)} where id = ${taskId}`;
}

/** Stores the voice a style guide was written with: the measurements, the quoted sentences and their articles. */
export async function setPromptVoice(
  sql: Db,
  promptId: string,
  voice: { profile: VoiceProfile | null; examples: VoiceExample[]; articles: VoiceArticle[] },
): Promise<void> {
  await sql`
    update prompts
    set voice_profile = ${voice.profile ? sql.json(voice.profile as never) : null},
        voice_examples = ${sql.json(voice.examples as never)}, voice_articles = ${sql.json(voice.articles as never)}
    where id = ${promptId}`;
}
