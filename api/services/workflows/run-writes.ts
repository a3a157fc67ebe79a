import type { RunInput } from '../../blocks/types.ts';
import type { PendingQuery, Row } from 'postgres';
import type { Db, Sql } from '../../db/sql.ts';
import { batched } from '../../lib/batch.ts';
import type { Graph } from './graph.ts';

export interface ClaimedRun {
  project_id: string;
  graph: Graph;
  input: RunInput;
  created_by: string | null;
  /** Outputs of the nodes earlier attempts finished, by node id. */
  finished: Record<string, Record<string, unknown>>;
  /** The nodes the claim marked running: every node wired only from finished ones. */
  started: string[];
}

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

export interface NodeStart {
  runId: string;
  nodeId: string;
  blockType: string;
}

export interface NodeFinish {
  runId: string;
  nodeId: string;
  output: object;
  /** The run's last node: the run is marked success with it. */
  endsRun?: boolean;
}

/**
 * The writes of every run (queued; then per attempt claimed, node started, node finished, run succeeded), each one
 * statement for all the runs of this process that make it in the same turn of the event loop (api/lib/batch.ts): at
 * hundreds of runs a second the statements, not the work, were the cost. Each caller still waits for its own write.
 */
export interface RunWrites {
  /** Inserts the run and its pending node rows (outside a transaction: see insertRuns for one). */
  insert: (run: NewRun) => Promise<void>;
  /**
   * Claims the run (pending|in_progress|running → running, attempts + 1) and starts the nodes that can start at once;
   * undefined when it is cancelled, finished or gone.
   */
  claim: (runId: string) => Promise<ClaimedRun | undefined>;
  startNode: (node: NodeStart) => Promise<void>;
  /** Stores a finished node's output (skipped when the block said why it did nothing); see NodeFinish.endsRun. */
  finishNode: (node: NodeFinish) => Promise<void>;
  /** Marks a running run success. */
  succeed: (runId: string) => Promise<void>;
}

const writes = new WeakMap<Sql, RunWrites>();

/** Whether the block's output says it did nothing and why. */
export function isSkipped(output: object): boolean {
  const reason = (output as { skipped_reason?: unknown }).skipped_reason;
  return typeof reason === 'string' && reason !== '';
}

/** Marks nodes running (run_id, node_id, block_type from `nodes`), counting the attempt. */
const startNodesSql = (sql: Sql, nodes: PendingQuery<Row[]>) => sql`
  insert into node_runs (run_id, node_id, block_type, status, attempts, started_at)
  select run_id, node_id, block_type, 'running', 1, now() from (${nodes}) as n
  on conflict (run_id, node_id) do update set status = 'running', attempts = node_runs.attempts + 1, error = null, started_at = now()`;

/** Inserts runs and their pending node rows (one per node of the graph, so a run view lists them all) in one statement. */
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

/** The batched writes of runs on this pool (one set per pool, shared by all its workers). */
export function runWrites(sql: Sql): RunWrites {
  let found = writes.get(sql);
  if (found) return found;
  found = {
    insert: batched(async (runs: NewRun[]) => {
      await insertRuns(sql, runs);
      return runs.map(() => undefined);
    }),
    claim: batched(async (runIds: string[]) => {
      // With the claim, the nodes that can start at once (every wired source finished) are marked running.
      const rows = await sql<(ClaimedRun & { id: string })[]>`
        with claimed as (
          update workflow_runs
          set status = 'running', started_at = coalesce(started_at, now()), attempts = attempts + 1, updated_at = now()
          where id = any(${runIds}::uuid[]) and status in ('pending', 'in_progress', 'running')
          returning id, project_id, graph, input, created_by
        ), done as (
          select n.run_id, n.node_id, coalesce(n.output, '{}'::jsonb) as output
          from node_runs n join claimed c on n.run_id = c.id
          where n.status in ('success', 'skipped')
        ), ready as (
          select c.id as run_id, node ->> 'id' as node_id, node ->> 'type' as block_type
          from claimed c cross join jsonb_array_elements(c.graph -> 'nodes') as node
          where not exists (select 1 from done d where d.run_id = c.id and d.node_id = node ->> 'id')
            and not exists (
              select 1 from jsonb_array_elements(c.graph -> 'edges') as edge
              where edge ->> 'target' = node ->> 'id'
                and not exists (select 1 from done d where d.run_id = c.id and d.node_id = edge ->> 'source'))
        ), started as (
          ${startNodesSql(sql, sql`select run_id, node_id, block_type from ready`)}
          returning run_id, node_id
        )
        select c.id, c.project_id, c.graph, c.input, c.created_by,
               coalesce((select jsonb_object_agg(d.node_id, d.output) from done d where d.run_id = c.id), '{}'::jsonb) as finished,
               coalesce((select array_agg(s.node_id) from started s where s.run_id = c.id), '{}'::text[]) as started
        from claimed c`;
      const byId = new Map(rows.map(({ id, ...run }) => [id, run]));
      return runIds.map((id) => byId.get(id));
    }),
    startNode: batched(async (nodes: NodeStart[]) => {
      const rows = nodes.map((node) => ({ run_id: node.runId, node_id: node.nodeId, block_type: node.blockType }));
      await sql`${startNodesSql(sql, sql`select * from jsonb_to_recordset(${sql.json(rows)}) as n(run_id uuid, node_id text, block_type text)`)}`;
      return nodes.map(() => undefined);
    }),
    finishNode: batched(async (nodes: NodeFinish[]) => {
      const rows = nodes.map((node) => ({
        run_id: node.runId,
        node_id: node.nodeId,
        status: isSkipped(node.output) ? 'skipped' : 'success',
        output: node.output,
        ends_run: node.endsRun ?? false,
      }));
      await sql`
        with done as (
          update node_runs r set status = n.status, output = n.output, error = null, finished_at = now()
          from jsonb_to_recordset(${sql.json(rows as never)}) as n(run_id uuid, node_id text, status text, output jsonb, ends_run boolean)
          where r.run_id = n.run_id and r.node_id = n.node_id
          returning r.run_id, n.ends_run
        )
        update workflow_runs w set status = 'success', finished_at = now(), updated_at = now()
        from done where w.id = done.run_id and done.ends_run and w.status = 'running'`;
      return nodes.map(() => undefined);
    }),
    succeed: batched(async (runIds: string[]) => {
      await sql`update workflow_runs set status = 'success', finished_at = now(), updated_at = now() where id = any(${runIds}::uuid[]) and status = 'running'`;
      return runIds.map(() => undefined);
    }),
  };
  writes.set(sql, found);
  return found;
}
