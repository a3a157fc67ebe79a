import type { TaskStage, TaskStatus } from '../../../src/lib/prompts/types.ts';
import type { Db } from '../../db/sql.ts';

export interface BrandTaskRow {
  id: string;
  project_id: string;
  brand_url: string;
  status: TaskStatus;
  stage: TaskStage;
  progress: number;
  message: string;
  result_prompt_id: string | null;
  job_id: string | null;
  attempts: number;
  /** Who started it: its job runs in that account's group (one at a time per account and worker). */
  created_by?: string | null;
}

/** One brand task row. */
export async function selectBrandTask(sql: Db, id: string): Promise<BrandTaskRow | undefined> {
  const [row] = await sql<BrandTaskRow[]>`
    select id, project_id, brand_url, status, stage, progress, message, result_prompt_id, job_id, attempts
    from brand_tasks where id = ${id}`;
  return row;
}

/** Moves a task on; progress never goes backwards within an attempt. */
export async function updateBrandTask(
  sql: Db,
  id: string,
  change: {
    status: TaskStatus;
    stage: TaskStage;
    progress: number;
    message: string;
    error?: string | null;
    result_prompt_id?: string | null;
  },
): Promise<void> {
  await sql`
    update brand_tasks
    set status = ${change.status}, stage = ${change.stage}, progress = ${change.progress}, message = ${change.message},
        error = coalesce(${change.error ?? null}, error), result_prompt_id = coalesce(${change.result_prompt_id ?? null}, result_prompt_id),
        updated_at = now()
    where id = ${id}`;
}

/** Tasks of one queue not yet finished, for the start-up sweep. */
export async function selectOpenBrandTasks(sql: Db, queue: string): Promise<BrandTaskRow[]> {
  return sql<BrandTaskRow[]>`
    select id, project_id, brand_url, status, stage, progress, message, result_prompt_id, job_id, attempts, created_by
    from brand_tasks where status in ('pending', 'in_progress') and job_queue = ${queue} order by created_at`;
}

/** The project's brand task still under way on this queue, if any. */
export async function findOpenBrandTask(
  sql: Db,
  projectId: string,
  queue: string,
): Promise<{ id: string } | undefined> {
  const [row]: [{ id: string }?] = await sql`
    select id from brand_tasks
    where project_id = ${projectId} and status in ('pending', 'in_progress') and job_queue = ${queue}
    order by created_at desc limit 1`;
  return row;
}

/**
 * The same, with the project's brand starts held back until the transaction ends: one task per project runs at a
 * time, and two starts at once cannot both make one.
 */
export async function lockOpenBrandTask(
  sql: Db,
  projectId: string,
  queue: string,
): Promise<{ id: string } | undefined> {
  await sql`select pg_advisory_xact_lock(hashtext(${`brand-task:${projectId}`}))`;
  return findOpenBrandTask(sql, projectId, queue);
}

/** A new brand task (queued on `queue`), and the project marked as analysing `brandUrl`. */
export async function insertBrandTask(
  sql: Db,
  input: { projectId: string; userId: string; brandUrl: string; message: string; queue: string },
): Promise<string> {
  const [task]: [{ id: string }?] = await sql`
    insert into brand_tasks (project_id, created_by, brand_url, message, job_queue)
    values (${input.projectId}, ${input.userId}, ${input.brandUrl}, ${input.message}, ${input.queue})
    returning id`;
  if (!task) throw new Error('brand task insert returned nothing');
  await sql`update projects set brand_url = ${input.brandUrl}, brand_info_status = 'pending', updated_at = now() where id = ${input.projectId}`;
  return task.id;
}
