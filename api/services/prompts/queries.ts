import type { Prompt } from '../../../src/lib/prompts/types.ts';
import type { VoiceExample, VoiceProfile } from '../../../src/lib/voice/schema.ts';
import type { Db } from '../../db/sql.ts';

/** A prompt (style guide) as the API returns it: the one shape the browser reads too. */
export type PromptRow = Prompt;

export interface PromptFields {
  name?: string;
  brand_voice?: string;
  keywords?: string[];
  base_knowledge?: string;
  writing_style_guide?: string;
  image_style?: string;
}

type Stored = Omit<PromptRow, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date };
const present = (row: Stored): PromptRow => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** One prompt with whether it is its project's default; undefined when missing. */
export async function selectPrompt(sql: Db, id: string): Promise<PromptRow | undefined> {
  const [row] = await sql<Stored[]>`
    select pr.id, pr.project_id, pr.name, pr.brand_voice, pr.keywords, pr.base_knowledge, pr.writing_style_guide,
           pr.image_style, (p.default_prompt_id = pr.id) as is_default, pr.draft_label, pr.voice_profile,
           pr.voice_examples, pr.voice_articles, pr.created_at, pr.updated_at
    from prompts pr join projects p on p.id = pr.project_id
    where pr.id = ${id}`;
  return row && present({ ...row, is_default: Boolean(row.is_default) });
}

/** A project's prompts, newest first. */
export async function selectProjectPrompts(sql: Db, projectId: string): Promise<PromptRow[]> {
  const rows = await sql<Stored[]>`
    select pr.id, pr.project_id, pr.name, pr.brand_voice, pr.keywords, pr.base_knowledge, pr.writing_style_guide,
           pr.image_style, (p.default_prompt_id = pr.id) as is_default, pr.draft_label, pr.voice_profile,
           pr.voice_examples, pr.voice_articles, pr.created_at, pr.updated_at
    from prompts pr join projects p on p.id = pr.project_id
    where pr.project_id = ${projectId}
    order by pr.created_at desc, pr.id desc`;
  return rows.map((row) => present({ ...row, is_default: Boolean(row.is_default) }));
}

/** Stores a new prompt and returns its id. */
export async function insertPrompt(
  sql: Db,
  input: Required<Omit<PromptFields, 'name'>> & {
    name: string;
    projectId: string;
    userId: string | null;
    draftLabel: string | null;
  },
): Promise<string> {
  const [row]: [{ id: string }?] = await sql`
    insert into prompts (project_id, name, brand_voice, keywords, base_knowledge, writing_style_guide, image_style, draft_label, created_by)
    values (${input.projectId}, ${input.name}, ${input.brand_voice}, ${input.keywords}, ${input.base_knowledge},
            ${input.writing_style_guide}, ${input.image_style}, ${input.draftLabel}, ${input.userId})
    returning id`;
  if (!row) throw new Error('prompt insert returned nothing');
  return row.id;
}

/** Writes the given fields of a prompt. */
export async function updatePromptFields(sql: Db, id: string, fields: PromptFields): Promise<void> {
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) return;
  await sql`update prompts set ${sql(changes)}, updated_at = now() where id = ${id}`;
}

/** Makes a prompt its project's default when the project has none (or always, with force). */
export async function setDefaultPrompt(
  sql: Db,
  projectId: string,
  promptId: string,
  options: { onlyIfNone: boolean },
): Promise<void> {
  if (options.onlyIfNone) {
    await sql`update projects set default_prompt_id = ${promptId}, updated_at = now() where id = ${projectId} and default_prompt_id is null`;
  } else {
    await sql`update projects set default_prompt_id = ${promptId}, updated_at = now() where id = ${projectId}`;
  }
}

/** The project's default style guide id (read from the table: a job may have set it a moment ago), or null. */
export async function selectDefaultPromptId(sql: Db, projectId: string): Promise<string | null> {
  const [row]: [{ default_prompt_id: string | null }?] =
    await sql`select default_prompt_id from projects where id = ${projectId}`;
  return row?.default_prompt_id ?? null;
}

/** Whether a style guide belongs to the project. */
export async function isProjectPrompt(sql: Db, projectId: string, promptId: string): Promise<boolean> {
  const [row] = await sql`select id from prompts where id = ${promptId} and project_id = ${projectId}`;
  return Boolean(row);
}

/** Deletes a style guide of the project. */
export async function deleteProjectPrompt(sql: Db, projectId: string, id: string): Promise<void> {
  await sql`delete from prompts where id = ${id} and project_id = ${projectId}`;
}

/** The parts of a style guide the writing blocks follow. */
export interface StyleGuideRow {
  brand_voice: string;
  writing_style_guide: string;
  image_style: string;
  keywords: string[];
  base_knowledge: string;
  voice_profile: VoiceProfile | null;
  voice_examples: VoiceExample[];
}

/** A style guide of the project: the chosen one, else the project's default; undefined when there is none. */
export async function selectProjectStyleGuide(
  sql: Db,
  projectId: string,
  promptId: string | null,
): Promise<StyleGuideRow | undefined> {
  const [row]: [StyleGuideRow?] = await sql`
    select p.brand_voice, p.writing_style_guide, p.image_style, p.keywords, p.base_knowledge, p.voice_profile,
           p.voice_examples
    from prompts p
    where p.project_id = ${projectId}
      and p.id = coalesce(${promptId}::uuid, (select default_prompt_id from projects where id = ${projectId}))`;
  return row;
}

/** What a cover is coloured by: the default style guide's image style and the blog's accent colour. */
export async function selectCoverBrand(
  sql: Db,
  projectId: string,
): Promise<{ accent: string | null; image_style: string | null } | undefined> {
  const [row]: [{ accent: string | null; image_style: string | null }?] = await sql`
    select p.blog_accent_color as accent, g.image_style
    from projects p left join prompts g on g.id = p.default_prompt_id and g.project_id = p.id
    where p.id = ${projectId}`;
  return row;
}
