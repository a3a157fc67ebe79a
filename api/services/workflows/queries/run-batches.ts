import type { RunInput } from '../../../blocks/types.ts';
import type { Db } from '../../../db/sql.ts';
import type { Graph } from '../graph.ts';

// The statements of the run path, each for many runs at once (api/services/workflows/run-writes.ts batches the calls
// of one turn of the event loop into one of them): at hundreds of runs a second the statements were the cost.

/** A run as it is queued: its graph copied from the workflow; node rows are made from the graph. */
export interface NewRun {
  id: string;
  project_id: string;
  workflow_id: string;
  graph: Graph;
  input: RunInput;
  created_by: string;
  job_id: string;
  job_queue: string;
}

/** A run a worker has claimed, with what earlier attempts finished. */
export interface ClaimedRun {
  id: string;
  project_id: string;
  graph: Graph;
  input: RunInput;
  created_by: string | null;
  /** Outputs of the nodes earlier attempts finished, by node id. */
  finished: Record<string, Record<string, unknown>>;
}

export interface NodeRow {
  run_id: string;
  node_id: string;
  block_type: string;
}

export interface FinishedNodeRow {
  run_id: string;
  node_id: string;
  status: 'success' | 'skipped';
  output: object;
  /** The run's last node: the run is marked success with it. */
  ends_run: boolean;
}

/** Inserts runs and their pending node rows (one per node of the graph, so a run view lists them all). */
export async function insertRuns(db: Db, runs: NewRun[]): Promise<void> {
  await db`
    with v as (
      select * from jsonb_to_recordset(${db.json(runs as never)})
        as v(id uuid, project_id uuid, workflow_id uuid, graph jsonb, input jsonb, created_by uuid, job_id uuid, job_queue text)
    ), run as (
      insert into workflow_runs (id, project_id, workflow_id, graph, input, created_by, job_id, job_queue)
      select id, project_id, workflow_id, graph, input, created_by, job_id, job_queue from v
    )
    insert into node_runs (run_id, node_id, block_type)
    select v.id, n.node ->> 'id', n.node ->> 'type' from v, jsonb_array_elements(v.graph -> 'nodes') as n(node)`;
}

/**
 * Claims runs for an attempt (pending|in_progress|running → running, attempts + 1) and reads the outputs of the nodes
 * earlier attempts finished; runs cancelled, finished or gone are not returned.
 */
export async function claimRuns(db: Db, runIds: string[]): Promise<ClaimedRun[]> {
  return db<ClaimedRun[]>`
    with claimed as (
      update workflow_runs
      set status = 'running', started_at = coalesce(started_at, now()), attempts = attempts + 1, updated_at = now()
      where id = any(${runIds}::uuid[]) and status in ('pending', 'in_progress', 'running')
      returning id, project_id, graph, input, created_by
    )
    select c.id, c.project_id, c.graph, c.input, c.created_by,
           coalesce((select jsonb_object_agg(n.node_id, coalesce(n.output, '{}'::jsonb)) from node_runs n
                     where n.run_id = c.id and n.status in ('success', 'skipped')), '{}'::jsonb) as finished
    from claimed c`;
}

/** Marks nodes running, counting the attempt. */
export async function startNodes(db: Db, nodes: NodeRow[]): Promise<void> {
  await db`
    insert into node_runs (run_id, node_id, block_type, status, attempts, started_at)
    select run_id, node_id, block_type, 'running', 1, now()
    from jsonb_to_recordset(${db.json(nodes as never)}) as n(run_id uuid, node_id text, block_type text)
    on conflict (run_id, node_id) do update set status = 'running', attempts = node_runs.attempts + 1, error = null, started_at = now()`;
}

/** Stores finished nodes' outputs and marks success the runs whose last node is among them. */
export async function finishNodes(db: Db, nodes: FinishedNodeRow[]): Promise<void> {
  await db`
    with done as (
      update node_runs r set status = n.status, output = n.output, error = null, finished_at = now()
      from jsonb_to_recordset(${db.json(nodes as never)}) as n(run_id uuid, node_id text, status text, output jsonb, ends_run boolean)
      where r.run_id = n.run_id and r.node_id = n.node_id
      returning r.run_id, n.ends_run
    )
    update workflow_runs w set status = 'success', finished_at = now(), updated_at = now()
    from done where w.id = done.run_id and done.ends_run and w.status = 'running'`;
}

/** Marks running runs success. */
export async function succeedRuns(db: Db, runIds: string[]): Promise<void> {
  await db`
    update workflow_runs set status = 'success', finished_at = now(), updated_at = now()
    where id = any(${runIds}::uuid[]) and status = 'running'`;
}
