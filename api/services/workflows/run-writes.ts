import type { Sql } from '../../db/sql.ts';
import { batched } from '../../lib/batch.ts';
import { isSkipped } from './queries/node-runs.ts';
import {
  type ClaimedRun,
  claimRuns,
  finishNodes,
  insertRuns,
  type NewRun,
  startNodes,
  succeedRuns,
} from './queries/run-batches.ts';

export { insertRuns, type NewRun };

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
  /** Claims the run (pending|in_progress|running → running, attempts + 1); undefined when cancelled, finished or gone. */
  claim: (runId: string) => Promise<ClaimedRun | undefined>;
  startNode: (node: NodeStart) => Promise<void>;
  /** Stores a finished node's output (skipped when the block said why it did nothing); see NodeFinish.endsRun. */
  finishNode: (node: NodeFinish) => Promise<void>;
  /** Marks a running run success. */
  succeed: (runId: string) => Promise<void>;
}

const writes = new WeakMap<Sql, RunWrites>();

/** The batched writes of runs on this pool (one set per pool, shared by all its workers). */
export function runWrites(sql: Sql): RunWrites {
  let found = writes.get(sql);
  if (found) return found;
  const done = <T>(items: T[]) => items.map(() => undefined);
  found = {
    insert: batched(async (runs: NewRun[]) => {
      await insertRuns(sql, runs);
      return done(runs);
    }),
    claim: batched(async (runIds: string[]) => {
      const byId = new Map((await claimRuns(sql, runIds)).map((run) => [run.id, run]));
      return runIds.map((id) => byId.get(id));
    }),
    startNode: batched(async (nodes: NodeStart[]) => {
      await startNodes(
        sql,
        nodes.map((node) => ({ run_id: node.runId, node_id: node.nodeId, block_type: node.blockType })),
      );
      return done(nodes);
    }),
    finishNode: batched(async (nodes: NodeFinish[]) => {
      await finishNodes(
        sql,
        nodes.map((node) => ({
          run_id: node.runId,
          node_id: node.nodeId,
          status: isSkipped(node.output) ? 'skipped' : 'success',
          output: node.output,
          ends_run: node.endsRun ?? false,
        })),
      );
      return done(nodes);
    }),
    succeed: batched(async (runIds: string[]) => {
      await succeedRuns(sql, runIds);
      return done(runIds);
    }),
  };
  writes.set(sql, found);
  return found;
}
