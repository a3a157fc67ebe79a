import type { Db } from '../../../db/sql.ts';

/** Whether a block's output says it did nothing and why (the node is then recorded as skipped). */
export function isSkipped(output: object): boolean {
  const reason = (output as { skipped_reason?: unknown }).skipped_reason;
  return typeof reason === 'string' && reason !== '';
}

/** Marks a node finished with its output inside the caller's transaction (a block whose effect must happen once). */
export async function finishNodeIn(db: Db, runId: string, nodeId: string, output: object): Promise<void> {
  await db`
    update node_runs set status = ${isSkipped(output) ? 'skipped' : 'success'}, output = ${db.json(output as never)}, error = null, finished_at = now()
    where run_id = ${runId} and node_id = ${nodeId}`;
}

/** Ends a node as failed with the reason. */
export async function failNode(sql: Db, runId: string, nodeId: string, message: string): Promise<void> {
  await sql`
    update node_runs set status = 'error', error = ${message}, finished_at = now()
    where run_id = ${runId} and node_id = ${nodeId}`;
}

/** Makes sure a node has its row (pending) before it is failed. */
export async function ensureNodeRow(sql: Db, runId: string, nodeId: string, blockType: string): Promise<void> {
  await sql`
    insert into node_runs (run_id, node_id, block_type, status) values (${runId}, ${nodeId}, ${blockType}, 'pending')
    on conflict (run_id, node_id) do nothing`;
}

/** Shows the error of a node's failed try while it waits to try again. */
export async function noteNodeRetry(sql: Db, runId: string, nodeId: string, error: string): Promise<void> {
  await sql`update node_runs set error = ${error} where run_id = ${runId} and node_id = ${nodeId}`;
}

/** Marks the pending nodes of a cancelled run skipped. */
export async function skipPendingNodes(sql: Db, runId: string): Promise<void> {
  await sql`update node_runs set status = 'skipped', error = 'cancelled' where run_id = ${runId} and status = 'pending'`;
}
