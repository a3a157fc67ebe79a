import type { Db } from '../../db/sql.ts';

export interface PlanTaskRow {
  id: string;
  project_id: string;
  prompt_id: string | null;
  created_by: string | null;
  status: 'pending' | 'in_progress' | 'complete' | 'error';
  message: string;
  start_date: string;
  job_id: string | null;
  attempts: number;
}

/** One plan task row. */
export async function selectPlanTask(sql: Db, id: string): Promise<PlanTaskRow | undefined> {
  const [row] = await sql<PlanTaskRow[]>`
    select id, project_id, prompt_id, created_by, status, message, start_date::text as start_date, job_id, attempts
    from plan_tasks where id = ${id}`;
  return row;
}

/** Moves a task on. */
export async function setPlanTask(
  sql: Db,
  id: string,
  change: { status: PlanTaskRow['status']; message: string; error?: string | null },
): Promise<void> {
  await sql`
    update plan_tasks set status = ${change.status}, message = ${change.message}, error = coalesce(${change.error ?? null}, error), updated_at = now()
    where id = ${id}`;
}

/** Plan tasks of one queue not yet finished, for the start-up sweep. */
export async function selectOpenPlanTasks(sql: Db, queue: string): Promise<PlanTaskRow[]> {
  return sql<PlanTaskRow[]>`
    select id, project_id, prompt_id, created_by, status, message, start_date::text as start_date, job_id, attempts
    from plan_tasks where status in ('pending', 'in_progress') and job_queue = ${queue} order by created_at`;
}

/** The project's time zone (its autopilot setting, UTC when it has none). */
export async function projectTimeZone(sql: Db, projectId: string): Promise<string> {
  const [row] = await sql<
    { time_zone: string }[]
  >`select time_zone from project_autopilot where project_id = ${projectId}`;
  return row?.time_zone ?? 'UTC';
}

/** Counts an attempt at a task. */
export async function countPlanTaskAttempt(sql: Db, id: string): Promise<void> {
  await sql`update plan_tasks set attempts = attempts + 1 where id = ${id}`;
}

/** The project's newest plan task of this queue still under way, or undefined. */
export async function selectOpenProjectPlanTask(
  sql: Db,
  projectId: string,
  queue: string,
): Promise<string | undefined> {
  const [open]: [{ id: string }?] = await sql`
    select id from plan_tasks
    where project_id = ${projectId} and status in ('pending', 'in_progress') and job_queue = ${queue}
    order by created_at desc limit 1`;
  return open?.id;
}

/** Queues a plan task and answers its id. */
export async function insertPlanTask(
  sql: Db,
  task: { projectId: string; promptId: string; userId: string; message: string; startDate: string; queue: string },
): Promise<string> {
  const [row]: [{ id: string }?] = await sql`
    insert into plan_tasks (project_id, prompt_id, created_by, message, start_date, job_queue)
    values (${task.projectId}, ${task.promptId}, ${task.userId}, ${task.message}, ${task.startDate}, ${task.queue})
    returning id`;
  if (!row) throw new Error('plan task insert returned nothing');
  return row.id;
}

/** Records the job that works a task. */
export async function setPlanTaskJob(sql: Db, id: string, jobId: string): Promise<void> {
  await sql`update plan_tasks set job_id = ${jobId} where id = ${id}`;
}

/** Puts a task whose job was lost back in the queue with a new job. */
export async function requeuePlanTask(sql: Db, id: string, jobId: string): Promise<void> {
  await sql`update plan_tasks set job_id = ${jobId}, status = 'pending', updated_at = now() where id = ${id}`;
}
