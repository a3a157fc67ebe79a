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
  /** Why the task failed, for its user; null unless it failed. */
  reason: string | null;
}

/** One brand task row. */
export async function selectBrandTask(sql: Db, id: string): Promise<BrandTaskRow | undefined> {
  const [row] = await sql<BrandTaskRow[]>`
    select id, project_id, brand_url, status, stage, progress, message, result_prompt_id, job_id, attempts, reason
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
    reason?: string | null;
    result_prompt_id?: string | null;
  },
): Promise<void> {
  await sql`
    update brand_tasks
    set status = ${change.status}, stage = ${change.stage}, progress = ${change.progress}, message = ${change.message},
        error = coalesce(${change.error ?? null}, error), reason = coalesce(${change.reason ?? null}, reason),
        result_prompt_id = coalesce(${change.result_prompt_id ?? null}, result_prompt_id),
        updated_at = now()
    where id = ${id}`;
}

/** Tasks of one queue not yet finished, for the start-up sweep. */
export async function selectOpenBrandTasks(sql: Db, queue: string): Promise<BrandTaskRow[]> {
  return sql<BrandTaskRow[]>`
    select id, project_id, brand_url, status, stage, progress, message, result_prompt_id, job_id, attempts, reason
    from brand_tasks where status in ('pending', 'in_progress') and job_queue = ${queue} order by created_at`;
}
