import type { Db } from '../../../db/sql.ts';

/** Where a step of a node is: its run, node and step name. */
export interface StepKey {
  runId: string;
  nodeId: string;
  step: string;
}

/** The output a step stored in an earlier attempt, or undefined. */
export async function selectNodeStep(sql: Db, key: StepKey): Promise<unknown | undefined> {
  const [row]: [{ output: unknown }?] = await sql`
    select output from node_steps where run_id = ${key.runId} and node_id = ${key.nodeId} and step = ${key.step}`;
  return row?.output;
}

/**
 * Stores a finished step with what the run view shows of it (label, words, the node's planned total); a step stored
 * meanwhile by another attempt wins, and its output is the one answered.
 */
export async function insertNodeStep(
  sql: Db,
  key: StepKey & { label: string; words: number; total: number; output: unknown },
): Promise<unknown> {
  const [row]: [{ output: unknown }?] = await sql`
    with added as (
      insert into node_steps (run_id, node_id, step, label, words, total, output)
      values (${key.runId}, ${key.nodeId}, ${key.step}, ${key.label}, ${key.words}, ${key.total}, ${sql.json(key.output as never)})
      on conflict (run_id, node_id, step) do nothing
      returning output
    )
    select output from added
    union all
    select output from node_steps where run_id = ${key.runId} and node_id = ${key.nodeId} and step = ${key.step}
    limit 1`;
  return row?.output;
}
