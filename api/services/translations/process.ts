import type { Config } from '../../config.ts';
import type { Sql } from '../../db/sql.ts';
import type { JobQueue } from '../../jobs/boss.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { createAi } from '../../providers/ai/index.ts';
import { translatePost } from '../../providers/ai/translate.ts';
import { coverForNewTitle } from '../covers/title-cover.ts';
import { saveTranslation } from '../posts/lifecycle.ts';
import { inTransition } from '../posts/outbox.ts';
import { selectPost } from '../posts/queries/read.ts';
import { renderPostHtml } from '../posts/render.ts';
import { NEEDS_MODEL, SOURCE_DELETED, translatedMessage, translatingMessage, translationFailed } from './messages.ts';
import { countTranslationAttempt, selectTranslationTask, setTranslationTask } from './queries.ts';

/**
 * One attempt at a translation task: the model translates the post's texts and markdown (links, code and the video
 * kept exactly), and the translation is saved as a new draft of the post's translation group, with the task's
 * completion, in one transaction (the lifecycle appends its event there). A drawn title cover is drawn again with the
 * translated title; any other cover is shared. A post gone or a version made meanwhile ends the task with the reason;
 * a model's failure throws so the queue retries.
 */
export async function runTranslationTask(
  env: { sql: Sql; config: Config; jobs?: JobQueue | undefined },
  taskId: string,
): Promise<void> {
  const { sql, config } = env;
  const task = await selectTranslationTask(sql, taskId);
  if (!task || task.status === 'complete' || task.status === 'error') return; // settled already
  await countTranslationAttempt(sql, taskId);
  await setTranslationTask(sql, taskId, { status: 'in_progress', message: translatingMessage(task.language) });
  const source = task.source_post_id ? await selectPost(sql, task.source_post_id) : undefined;
  if (!source) return failTranslationTask(sql, taskId, SOURCE_DELETED);
  const ai = createAi(config, sql);
  if (!ai.model) {
    await setTranslationTask(sql, taskId, { status: 'error', message: NEEDS_MODEL, error: 'no AI model' });
    return;
  }

  const translated = await translatePost(
    ai,
    {
      texts: {
        title: source.title,
        meta_title: source.meta_title,
        meta_description: source.meta_description,
        excerpt: source.excerpt,
        cover_image_alt: source.cover_image_alt,
        target_keyword: source.target_keyword,
      },
      keywords: source.keywords,
      markdown: source.markdown,
      from: source.lang,
      to: task.language,
    },
    { projectId: task.project_id, taskId, purpose: 'translation' },
  );
  let html: string;
  try {
    html = await renderPostHtml(translated.markdown);
  } catch (error) {
    if (error instanceof ValidationError) return failTranslationTask(sql, taskId, error.message, task.language);
    throw error;
  }
  const cover = (await coverForNewTitle(sql, source, translated.texts.title)) ?? source.cover_image_url;
  try {
    await inTransition(env, { kind: 'system', project_id: task.project_id }, async (transition) => {
      const postId = await saveTranslation({
        ...transition,
        source,
        authorId: task.created_by,
        draftLabel: null,
        fields: {
          ...translated.texts,
          markdown: translated.markdown,
          html,
          cover_image_url: cover,
          keywords: translated.keywords,
          tags: source.tags,
          sources: source.sources,
          lang: task.language,
        },
      });
      await setTranslationTask(transition.tx, taskId, {
        status: 'complete',
        message: translatedMessage(task.language),
        postId,
      });
    });
  } catch (error) {
    // Deleted, or translated by someone else meanwhile: nothing to retry.
    if (error instanceof ConflictError || error instanceof NotFoundError)
      return failTranslationTask(sql, taskId, error.message);
    throw error;
  }
}

/** Ends a task with the reason (the queue's retries used up, or nothing left to translate). */
export async function failTranslationTask(sql: Sql, taskId: string, reason: string, language?: string): Promise<void> {
  const task = await selectTranslationTask(sql, taskId);
  if (!task || task.status === 'complete') return;
  const sentence = /[.!?]$/.test(reason) ? reason : `${reason}.`;
  await setTranslationTask(sql, taskId, {
    status: 'error',
    message: translationFailed(language ?? task.language, sentence),
    error: reason,
  });
}
