import { languageName } from '../../../src/lib/languages/index.ts';
import type { PostVersions, TranslationTask } from '../../../src/lib/translations/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { ConflictError, NotFoundError, UnavailableError, ValidationError } from '../../lib/errors.ts';
import { aiSettings } from '../../providers/ai/index.ts';
import { creditedUserId } from '../actor.ts';
import { authorize } from '../authorize.ts';
import { selectPost } from '../posts/queries/read.ts';
import { selectGroupPostInLanguage, selectGroupPosts } from '../posts/queries/translations.ts';
import { takeThrottleSlot } from '../throttle/limits.ts';
import { NEEDS_MODEL, translatingMessage } from './messages.ts';
import {
  insertTranslationTask,
  lockOpenTranslation,
  selectTranslationTask,
  setTranslationTask,
  setTranslationTaskJob,
} from './queries.ts';

/** The pg-boss queue of translation tasks (api/jobs/post-translation.ts). */
export const TRANSLATION_QUEUE = 'post-translation';

const POST_NOT_FOUND = 'Post not found.';
const TASK_NOT_FOUND = 'Task not found.';
const isUuid = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

const present = (task: {
  id: string;
  status: TranslationTask['status'];
  message: string;
  language: string;
  source_post_id: string | null;
  post_id: string | null;
}): TranslationTask => ({
  task_id: task.id,
  status: task.status,
  message: task.message,
  language: task.language,
  source_post_id: task.source_post_id,
  post_id: task.post_id,
});

/**
 * Queues "translate this post into `language`" (owners, editors). Refused before any work: a post already in that
 * language (422), a group that already has a version in it (409), no AI model (422: there is no offline translation),
 * jobs not running (503), past the hourly limits (429). A translation of the post into the language already under way
 * answers with its own task.
 */
export async function startTranslation({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { postId: string; language: string };
}): Promise<TranslationTask> {
  const post = await selectPost(ctx.sql, input.postId);
  if (!post) throw new NotFoundError(POST_NOT_FOUND);
  await authorize(ctx, post.project_id, 'write', POST_NOT_FOUND);
  if (input.language === post.lang)
    throw new ValidationError([
      {
        loc: ['body', 'language'],
        msg: `This post is already in ${languageName(input.language)}. Choose another language to translate it into.`,
        type: 'value_error',
      },
    ]);
  const group = post.translation_group;
  const clash = group
    ? await selectGroupPostInLanguage(ctx.sql, { group, lang: input.language, except: post.id })
    : undefined;
  if (clash)
    throw new ConflictError(`This post already has a version in ${languageName(input.language)}: “${clash.title}”.`);
  if (!aiSettings(ctx.config)) throw new ValidationError(NEEDS_MODEL);
  const jobs = ctx.jobs;
  if (!jobs) throw new UnavailableError('Background jobs are not running. Please try again later.');
  const queue = jobs.named(TRANSLATION_QUEUE);

  const slot = await takeThrottleSlot(ctx, 'translation', post.project_id);
  const message = translatingMessage(input.language);
  const started = await ctx.sql
    .begin(async (tx) => {
      const open = await lockOpenTranslation(tx, { sourcePostId: post.id, language: input.language, queue });
      if (open) return { taskId: open, running: true };
      const taskId = await insertTranslationTask(tx, {
        projectId: post.project_id,
        sourcePostId: post.id,
        language: input.language,
        userId: creditedUserId(ctx),
        message,
        queue,
      });
      return { taskId, running: false };
    })
    .catch(async (error: unknown) => {
      await slot.release();
      throw error;
    });
  if (started.running) {
    await slot.release();
  } else {
    try {
      // In its account's group: a worker runs one task of an account at a time (api/jobs/fair-work.ts).
      const jobId = await jobs.send(
        TRANSLATION_QUEUE,
        { task_id: started.taskId },
        { group: { id: creditedUserId(ctx) } },
      );
      await setTranslationTaskJob(ctx.sql, started.taskId, jobId);
    } catch (error) {
      const reason = `not queued: ${error instanceof Error ? error.message : String(error)}`;
      await setTranslationTask(ctx.sql, started.taskId, { status: 'error', message: reason, error: reason });
      await slot.release();
      throw error;
    }
  }
  return getTranslationTask({ ctx, input: { taskId: started.taskId } });
}

/** Where a translation task is, from its row; members of its project only. */
export async function getTranslationTask({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { taskId: string };
}): Promise<TranslationTask> {
  const task = isUuid(input.taskId) ? await selectTranslationTask(ctx.sql, input.taskId) : undefined;
  if (!task) throw new NotFoundError(TASK_NOT_FOUND);
  await authorize(ctx, task.project_id, 'read', TASK_NOT_FOUND);
  return present(task);
}

/** Every version of a post (its translation group), itself included; any member of its project. */
export async function listPostVersions({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { postId: string };
}): Promise<PostVersions> {
  const post = await selectPost(ctx.sql, input.postId);
  if (!post) throw new NotFoundError(POST_NOT_FOUND);
  await authorize(ctx, post.project_id, 'read', POST_NOT_FOUND);
  const group = post.translation_group;
  if (!group)
    return {
      items: [
        { id: post.id, lang: post.lang, title: post.title, slug: post.slug, status: post.status, original: true },
      ],
    };
  const rows = await selectGroupPosts(ctx.sql, group);
  // The original is the post whose id the group carries; once it is deleted, the oldest version stands in.
  const original = rows.some((row) => row.id === group) ? group : rows[0]?.id;
  return { items: rows.map((row) => ({ ...row, original: row.id === original })) };
}
