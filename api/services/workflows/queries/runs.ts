import type { RunSummary as RunSummaryEntity, WorkflowRun } from '../../../../src/lib/workflows/schema.ts';
import type { Db } from '../../../db/sql.ts';
import type { Stored } from '../../../lib/stored.ts';

/** A run without its nodes, as stored. */
export type RunSummary = Stored<RunSummaryEntity, 'created_at' | 'started_at' | 'finished_at'>;

/** A node's row of a run, as stored. */
export type NodeRunRow = WorkflowRun['node_runs'][number];

/**
 * A run with its graph's node order and its node rows, in one round trip (run views poll it every 5 s); a node that
 * memoises steps (the writer's parts) carries its progress: steps done of its total, and their words.
 */
export async function selectRunWithNodes(
  sql: Db,
  runId: string,
): Promise<(RunSummary & { graph: { nodes: { id: string }[] }; node_runs: NodeRunRow[] }) | undefined> {
  const [run]: [(RunSummary & { graph: { nodes: { id: string }[] }; node_runs: NodeRunRow[] })?] = await sql`
    select r.id as run_id, r.workflow_id, r.project_id, r.status, r.error, r.error_node_id, r.post_id, r.created_at, r.started_at,
           r.finished_at, r.graph,
           coalesce((select json_agg(json_build_object('node_id', n.node_id, 'block_type', n.block_type, 'status', n.status,
                                                       'output', n.output, 'error', n.error, 'progress', (
                       select json_build_object('done', count(*), 'total', max(s.total), 'words', sum(s.words),
                                                'steps', json_agg(json_build_object('label', s.label, 'words', s.words)
                                                                  order by s.created_at, s.step))
                       from node_steps s where s.run_id = n.run_id and s.node_id = n.node_id
                       having count(*) > 0)))
                     from node_runs n where n.run_id = r.id), '[]'::json) as node_runs
    from workflow_runs r where r.id = ${runId}`;
  return run;
}

/** The project's most recent runs, newest first, without node outputs. */
export async function selectProjectRuns(sql: Db, projectId: string, limit: number): Promise<RunSummary[]> {
  return sql<RunSummary[]>`
    select id as run_id, workflow_id, project_id, status, error, error_node_id, post_id, created_at, started_at, finished_at
    from workflow_runs where project_id = ${projectId}
    order by created_at desc, id desc limit ${limit}`;
}

/** The project's open runs, oldest first: queued (pending) or processing. */
export async function selectOpenProjectRuns(
  sql: Db,
  projectId: string,
  limit: number,
): Promise<{ id: string; run_id: string; state: 'queued' | 'processing'; created_at: Date }[]> {
  return sql`
    select id, id as run_id, case when status = 'pending' then 'queued' else 'processing' end as state, created_at
    from workflow_runs
    where project_id = ${projectId} and status in ('pending', 'in_progress', 'running')
    order by created_at, id limit ${limit}`;
}

/** A run's project and job, or undefined. */
export async function selectRunJob(
  sql: Db,
  runId: string,
): Promise<{ project_id: string; job_id: string | null } | undefined> {
  const [run]: [{ project_id: string; job_id: string | null }?] =
    await sql`select project_id, job_id from workflow_runs where id = ${runId}`;
  return run;
}

/** A run's status, or undefined. */
export async function selectRunStatus(sql: Db, projectId: string, runId: string): Promise<string | undefined> {
  const [run]: [{ status: string }?] =
    await sql`select status from workflow_runs where id = ${runId} and project_id = ${projectId}`;
  return run?.status;
}

/**
 * Cancels a run still pending; false when it is not (a worker's claim is the same conditional update, so exactly one
 * of the two wins).
 */
export async function cancelPendingRun(sql: Db, projectId: string, runId: string): Promise<boolean> {
  const [cancelled]: [{ id: string }?] = await sql`
    update workflow_runs set status = 'cancelled', finished_at = now(), updated_at = now()
    where id = ${runId} and project_id = ${projectId} and status = 'pending' returning id`;
  return Boolean(cancelled);
}

/** Ends an open run as an error with a reason (retries exhausted, job lost); finished runs are left alone. */
export async function failOpenRun(sql: Db, runId: string, reason: string, nodeId: string | null): Promise<void> {
  await sql`
    update workflow_runs set status = 'error', error = ${reason}, error_node_id = ${nodeId}, finished_at = now(), updated_at = now()
    where id = ${runId} and status in ('pending', 'in_progress', 'running')`;
}

/** Ends a running run because a node failed for good, naming the node. */
export async function failRunningRun(sql: Db, runId: string, reason: string, nodeId: string): Promise<void> {
  await sql`
    update workflow_runs set status = 'error', error = ${reason}, error_node_id = ${nodeId}, finished_at = now(), updated_at = now()
    where id = ${runId} and status = 'running'`;
}

/** Runs of one queue (pg-boss name) not yet finished, for the start-up sweep. */
export async function selectOpenQueueRuns(
  sql: Db,
  queue: string,
): Promise<{ id: string; job_id: string | null; project_id: string }[]> {
  return sql`
    select id, job_id, project_id from workflow_runs
    where job_queue = ${queue} and status in ('pending', 'in_progress', 'running')`;
}

/** Records the job a run was queued again with. */
export async function setRunJob(sql: Db, runId: string, jobId: string): Promise<void> {
  await sql`update workflow_runs set job_id = ${jobId}, updated_at = now() where id = ${runId}`;
}

/** Points the run at the post it saved (what the run view and the calendar follow). */
export async function linkRunPost(tx: Db, runId: string, postId: string): Promise<void> {
  await tx`update workflow_runs set post_id = ${postId}, updated_at = now() where id = ${runId}`;
}
