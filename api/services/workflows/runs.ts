import type { RunSummary as RunSummaryEntity, WorkflowRun } from '../../../src/lib/workflows/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import type { Stored } from '../../lib/stored.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { authorize } from '../authorize.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A run without its nodes, as stored. */
export type RunSummary = Stored<RunSummaryEntity, 'created_at' | 'started_at' | 'finished_at'>;

/** A run with each node's status and output, as stored. */
export type RunDetail = RunSummary & Pick<WorkflowRun, 'node_runs'>;

/** A run and each node's status and output, from the rows (never the queue); members of its project only. */
export async function getRun({ ctx, input }: { ctx: ServiceContext; input: { runId: string } }): Promise<RunDetail> {
  if (!uuid.test(input.runId)) throw new NotFoundError('Run not found.');
  // One round trip: the run and its node rows (a run is polled every 5 s by every open run view).
  const [run] = await ctx.sql<
    (RunSummary & { graph: { nodes: { id: string }[] }; node_runs: RunDetail['node_runs'] })[]
  >`
    select r.id as run_id, r.workflow_id, r.project_id, r.status, r.error, r.error_node_id, r.post_id, r.created_at, r.started_at,
           r.finished_at, r.graph,
           coalesce((select json_agg(json_build_object('node_id', n.node_id, 'block_type', n.block_type, 'status', n.status,
                                                       'output', n.output, 'error', n.error))
                     from node_runs n where n.run_id = r.id), '[]'::json) as node_runs
    from workflow_runs r where r.id = ${input.runId}`;
  if (!run) throw new NotFoundError('Run not found.');
  await authorize(ctx, run.project_id, 'read', 'Run not found.');
  const rows = run.node_runs;
  // In the graph's order, so a run view lists nodes as the builder placed them.
  const order = new Map(run.graph.nodes.map((node, index) => [node.id, index]));
  rows.sort((a, b) => (order.get(a.node_id) ?? 0) - (order.get(b.node_id) ?? 0));
  const { graph: _graph, node_runs: _rows, ...summary } = run;
  return { ...summary, node_runs: rows };
}

/** The project's most recent runs (dashboard), without node outputs. */
export async function listRuns({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string; limit: number };
}): Promise<RunSummary[]> {
  await authorize(ctx, input.projectId, 'read');
  return ctx.sql<RunSummary[]>`
    select id as run_id, workflow_id, project_id, status, error, error_node_id, post_id, created_at, started_at, finished_at
    from workflow_runs where project_id = ${input.projectId}
    order by created_at desc, id desc limit ${input.limit}`;
}
