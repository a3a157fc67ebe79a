import type { Db } from '../../db/sql.ts';

/** A translation task row (post_translations, migration 0040). */
export interface TranslationTaskRow {
  id: string;
  project_id: string;
  source_post_id: string | null;
  language: string;
  status: 'pending' | 'in_progress' | 'complete' | 'error';
  message: string;
  post_id: string | null;
  job_id: string | null;
  created_by: string | null;
  attempts: number;
}

const COLUMNS = (sql: Db) =>
  sql`id, project_id, source_post_id, language, status, message, post_id, job_id, created_by, attempts`;

/** One task, or undefined. */
export async function selectTranslationTask(sql: Db, id: string): Promise<TranslationTaskRow | undefined> {
  const [row]: [TranslationTaskRow?] = await sql`select ${COLUMNS(sql)} from post_translations where id = ${id}`;
  return row;
}

/**
 * The open task translating this post into this language, with starts for the post held back until the transaction
 * ends, so a double click translates once.
 */
export async function lockOpenTranslation(
  tx: Db,
  input: { sourcePostId: string; language: string; queue: string },
): Promise<string | undefined> {
  await tx`select pg_advisory_xact_lock(hashtext(${`post-translation:${input.sourcePostId}`}))`;
  const [open]: [{ id: string }?] = await tx`
    select id from post_translations
    where source_post_id = ${input.sourcePostId} and language = ${input.language} and job_queue = ${input.queue}
      and status in ('pending', 'in_progress')
    order by created_at desc limit 1`;
  return open?.id;
}

/** Queues a task and answers its id. */
export async function insertTranslationTask(
  tx: Db,
  task: { projectId: string; sourcePostId: string; language: string; userId: string; message: string; queue: string },
): Promise<string> {
  const [row]: [{ id: string }?] = await tx`
    insert into post_translations (project_id, source_post_id, language, created_by, message, job_queue)
    values (${task.projectId}, ${task.sourcePostId}, ${task.language}, ${task.userId}, ${task.message}, ${task.queue})
    returning id`;
  if (!row) throw new Error('translation task insert returned nothing');
  return row.id;
}

/** Records the job that works a task. */
export async function setTranslationTaskJob(sql: Db, id: string, jobId: string): Promise<void> {
  await sql`update post_translations set job_id = ${jobId} where id = ${id}`;
}

/** Counts an attempt at a task. */
export async function countTranslationAttempt(sql: Db, id: string): Promise<void> {
  await sql`update post_translations set attempts = attempts + 1 where id = ${id}`;
}

/** Moves a task on (the translated post with it when complete). */
export async function setTranslationTask(
  sql: Db,
  id: string,
  change: {
    status: TranslationTaskRow['status'];
    message: string;
    error?: string | null;
    postId?: string | null;
  },
): Promise<void> {
  await sql`
    update post_translations
    set status = ${change.status}, message = ${change.message}, error = coalesce(${change.error ?? null}, error),
        post_id = coalesce(${change.postId ?? null}::uuid, post_id), updated_at = now()
    where id = ${id}`;
}

/** Tasks of one queue not yet finished, for the start-up sweep. */
export async function selectOpenTranslationTasks(sql: Db, queue: string): Promise<TranslationTaskRow[]> {
  return sql<TranslationTaskRow[]>`
    select ${COLUMNS(sql)} from post_translations
    where status in ('pending', 'in_progress') and job_queue = ${queue} order by created_at`;
}

/** Puts a task whose job was lost back in the queue with a new job. */
export async function requeueTranslationTask(sql: Db, id: string, jobId: string): Promise<void> {
  await sql`update post_translations set job_id = ${jobId}, status = 'pending', updated_at = now() where id = ${id}`;
}
