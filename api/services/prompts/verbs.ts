import { AiError, createAi } from '../../providers/ai/index.ts';
import { writeBrandGuide } from '../../providers/ai/brand-guide.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { ConflictError, NotFoundError, UpstreamError } from '../../lib/errors.ts';
import { authorize } from '../authorize.ts';
import { takeThrottleSlot } from '../throttle/limits.ts';
import {
  deleteProjectPrompt,
  insertPrompt,
  selectDefaultPromptId,
  selectProjectPrompts,
  selectPrompt,
  setDefaultPrompt,
  updatePromptFields,
  type PromptFields,
  type PromptRow,
} from './queries.ts';
import { creditedUserId, forgetOwnProjectList } from '../actor.ts';

const NOT_FOUND = 'Style guide not found.';
export const NO_STYLE_GUIDE = 'No style guide found for this project.';

/** A style guide just written, read back as the API shows it. */
async function reread(ctx: ServiceContext, id: string): Promise<PromptRow> {
  const prompt = await selectPrompt(ctx.sql, id);
  if (!prompt) throw new NotFoundError(NOT_FOUND);
  return prompt;
}

/** A prompt the caller may read (any member of its project); others get the same 404 as a missing one. */
export async function getPrompt({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<PromptRow> {
  const prompt = await selectPrompt(ctx.sql, input.id);
  if (!prompt) throw new NotFoundError(NOT_FOUND);
  await authorize(ctx, prompt.project_id, 'read', NOT_FOUND);
  return prompt;
}

/** The project's default style guide, which the writers use. */
export async function getDefaultPrompt({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string };
}): Promise<PromptRow> {
  await authorize(ctx, input.projectId, 'read');
  // Read from the table, not the cached project list: a job may have set it a moment ago in another process.
  const defaultId = await selectDefaultPromptId(ctx.sql, input.projectId);
  const prompt = defaultId ? await selectPrompt(ctx.sql, defaultId) : undefined;
  if (!prompt) throw new NotFoundError(NO_STYLE_GUIDE);
  return prompt;
}

/** Every style guide of a project, newest first. */
export async function listPrompts({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string };
}): Promise<{ items: PromptRow[] }> {
  await authorize(ctx, input.projectId, 'read');
  return { items: await selectProjectPrompts(ctx.sql, input.projectId) };
}

/** Edits a style guide's fields (owners and editors); draft_label stays as it was. */
export async function updatePrompt({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: string; fields: PromptFields };
}): Promise<PromptRow> {
  const prompt = await selectPrompt(ctx.sql, input.id);
  if (!prompt) throw new NotFoundError(NOT_FOUND);
  await authorize(ctx, prompt.project_id, 'write', NOT_FOUND);
  await updatePromptFields(ctx.sql, prompt.id, input.fields);
  return reread(ctx, prompt.id);
}

/** Deletes a style guide that is not the project's default. */
export async function deletePrompt({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<void> {
  const prompt = await selectPrompt(ctx.sql, input.id);
  if (!prompt) throw new NotFoundError(NOT_FOUND);
  await authorize(ctx, prompt.project_id, 'write', NOT_FOUND);
  if (prompt.is_default)
    throw new ConflictError('The default style guide cannot be deleted. Make another style guide the default first.');
  await deleteProjectPrompt(ctx.sql, prompt.project_id, prompt.id);
}

/**
 * Writes a style guide from typed context and keywords (one AI call) and saves it; the default when there is none.
 * Past the hourly limits (THROTTLE_GUIDES_*) it is 429 before any AI call.
 */
export async function generateGuide({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string; contextText: string; keywords: string[] };
}): Promise<PromptRow> {
  const project = await authorize(ctx, input.projectId, 'write');
  await takeThrottleSlot(ctx, 'style_guide', input.projectId);
  const ai = createAi(ctx.config, ctx.sql);
  const source = {
    pages: input.contextText ? [{ title: '', description: '', headings: [], text: input.contextText }] : [],
    user_keywords: input.keywords,
    language: project.language,
  };
  const guide = await writeBrandGuide(ai, source, { projectId: input.projectId, purpose: 'manual_guide' }).catch(
    (error: unknown) => {
      if (error instanceof AiError)
        throw new UpstreamError('The AI service could not write the style guide. Please try again.');
      throw error;
    },
  );
  const id = await ctx.sql.begin(async (tx) => {
    const promptId = await insertPrompt(tx, {
      ...guide.value,
      name: 'Style guide',
      projectId: input.projectId,
      userId: creditedUserId(ctx),
      draftLabel: guide.draft_label,
    });
    await setDefaultPrompt(tx, input.projectId, promptId, { onlyIfNone: true });
    return promptId;
  });
  forgetOwnProjectList(ctx);
  return reread(ctx, id);
}
