import type { WorkflowRun } from '../../../src/lib/workflows/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { authorize } from '../authorize.ts';
import { type RunSummary, selectProjectRuns, selectRunWithNodes } from './queries/runs.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type { RunSummary };

/** A run with each node's status and output, as stored. */
export type RunDetail = RunSummary & Pick<WorkflowRun, 'node_runs'>;

/** A run and each node's status and output, from the rows (never the queue); members of its project only. */
export async function getRun({ ctx, input }: { ctx: ServiceContext; input: { runId: string } }): Promise<RunDetail> {
  if (!uuid.test(input.runId)) throw new NotFoundError('Run not found.');
  // One round trip: the run and its node rows (a run is polled every 5 s by every open run view).
  const run = await selectRunWithNodes(ctx.sql, input.runId);
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
  return selectProjectRuns(ctx.sql, input.projectId, input.limit);
}
