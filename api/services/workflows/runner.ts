import { readyNodes } from '../../../src/lib/workflows/graph.ts';
import { blockOf } from '../../blocks/index.ts';
import type { Config } from '../../config.ts';
import type { Db, Sql } from '../../db/sql.ts';
import type { JobQueue } from '../../jobs/boss.ts';
import { AiError, createAi } from '../../providers/ai/index.ts';
import { ImagesError } from '../../providers/images/index.ts';
import { SafeFetchError } from '../../providers/safe-fetch/index.ts';
import { SearchError } from '../../providers/search/index.ts';
import type { Graph, GraphNode } from './graph.ts';
import { createBlockContext } from './block-context.ts';
import { ensureNodeRow, failNode as markNodeFailed, noteNodeRetry } from './queries/node-runs.ts';
import { failOpenRun, failRunningRun } from './queries/runs.ts';
import { runWrites } from './run-writes.ts';

export const WORKFLOW_QUEUE = 'workflow-run';

interface RunEnv {
  sql: Sql;
  config: Config;
  log: (line: string) => void;
  /** Where the posts a run saves wake the outbox's consumer. */
  jobs?: JobQueue | undefined;
}

/** A node that failed for good: the run ends naming it and the reason. */
class NodeFailure extends Error {
  readonly nodeId: string;
  constructor(nodeId: string, message: string) {
    super(message);
    this.nodeId = nodeId;
  }
}

/** Errors of outside services (AI, search, images, fetch) that a later attempt may not meet. */
function isProviderError(error: unknown): boolean {
  return (
    error instanceof AiError ||
    error instanceof SearchError ||
    error instanceof ImagesError ||
    error instanceof SafeFetchError ||
    (error instanceof Error && error.name === 'TimeoutError')
  );
}

/** The database failing (not a block's own problem): the whole job is retried and resumes where it was. */
function isInfrastructureError(error: unknown): boolean {
  const code = String((error as { code?: unknown })?.code ?? '');
  return (error as Error)?.name === 'PostgresError' || /^(ECONN|EPIPE|CONNECT|CONNECTION_)/.test(code);
}

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One attempt at a run (a pg-boss job): claims the run, then runs its nodes in dependency order, independent ones in
 * parallel, storing each node's output as it finishes. Nodes a previous attempt finished are reused, never run again.
 * A node whose provider keeps failing (after WORKFLOW_NODE_RETRIES with doubling delays) ends the run as an error that
 * names it; anything else (the database gone) throws so the queue retries the whole job, which resumes.
 */
export async function executeRun(env: RunEnv, runId: string): Promise<void> {
  const { sql, config } = env;
  const writes = runWrites(sql);
  // Claims the run and loads the outputs of the nodes earlier attempts finished (one statement for the runs claimed
  // together).
  const run = await writes.claim(runId);
  if (!run) return; // cancelled, finished, or gone
  const graph = run.graph;
  const finished = new Map<string, Record<string, unknown>>(Object.entries(run.finished));
  const incoming = new Map<string, Graph['edges']>();
  for (const edge of graph.edges) incoming.set(edge.target, [...(incoming.get(edge.target) ?? []), edge]);
  const ai = createAi(config, sql);
  const running = new Map<string, Promise<void>>();
  let failure: unknown = null;
  let succeeded = false;

  const runNode = async (node: GraphNode): Promise<void> => {
    const block = blockOf(node.type);
    if (!block) throw new NodeFailure(node.id, `Node "${node.id}" has an unknown block type "${node.type}".`);
    const wired: Record<string, unknown> = {};
    for (const edge of incoming.get(node.id) ?? []) {
      const value = finished.get(edge.source)?.[edge.source_handle];
      if (value !== undefined) wired[edge.target_handle] = value;
    }
    const input = block.input.safeParse(wired);
    const settings = block.config.safeParse(node.config ?? {});
    const failNode = async (message: string) => {
      await markNodeFailed(sql, runId, node.id, message);
      return new NodeFailure(node.id, `${block.title} (node "${node.id}") failed: ${message}`);
    };
    if (!input.success || !settings.success) {
      await ensureNodeRow(sql, runId, node.id, node.type);
      const issues = (input.error ?? settings.error)?.issues ?? [];
      throw await failNode(
        `its ${!input.success ? 'input' : 'settings'} are not valid: ${issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
      );
    }
    const ctx = createBlockContext({
      sql,
      config,
      ai,
      projectId: run.project_id,
      runId,
      nodeId: node.id,
      runInput: run.input,
      userId: run.created_by,
      jobs: env.jobs,
    });
    for (let attempt = 0; ; attempt++) {
      // The nodes made ready at the same moment (the claim's first wave, a node's dependants) start in one statement.
      await writes.startNode({ runId, nodeId: node.id, blockType: node.type });
      try {
        const output = (await block.run({ ctx, input: input.data, config: settings.data })) as Record<string, unknown>;
        // The last node to finish ends the run with the same statement.
        const last = failure === null && running.size === 1 && finished.size === graph.nodes.length - 1;
        await writes.finishNode({ runId, nodeId: node.id, output, endsRun: last });
        succeeded = last;
        finished.set(node.id, output);
        return;
      } catch (error) {
        if (isProviderError(error) && attempt < config.WORKFLOW_NODE_RETRIES) {
          const delay = config.WORKFLOW_RETRY_DELAY_MS * 2 ** attempt;
          env.log(`run ${runId}: node ${node.id} failed (${reasonOf(error)}), retrying in ${delay} ms`);
          await noteNodeRetry(sql, runId, node.id, reasonOf(error));
          await wait(delay);
          continue;
        }
        if (isInfrastructureError(error)) throw error; // the database, not the node: the job retries and the run resumes
        throw await failNode(reasonOf(error));
      }
    }
  };

  // Dependency order: a node starts once every node wired into it has finished (readyNodes, the shared graph
  // module's one readiness rule); independent nodes run together.
  while (!failure) {
    for (const node of readyNodes(graph, finished, running)) {
      running.set(
        node.id,
        runNode(node).then(
          () => void running.delete(node.id),
          (error: unknown) => {
            running.delete(node.id);
            failure ??= error;
          },
        ),
      );
    }
    if (running.size === 0) break;
    await Promise.race(running.values());
  }
  await Promise.allSettled(running.values());

  if (failure instanceof NodeFailure) {
    await failRunningRun(sql, runId, failure.message, failure.nodeId);
    return;
  }
  if (failure) throw failure;
  const unfinished = graph.nodes.filter((node) => !finished.has(node.id));
  const [first] = unfinished;
  if (first) {
    await failRun(sql, runId, `Nodes never became ready: ${unfinished.map((node) => node.id).join(', ')}.`, first.id);
    return;
  }
  if (!succeeded) await writes.succeed(runId);
}

/** Ends an open run as an error with a reason (retries exhausted, job lost); finished runs are left alone. */
export async function failRun(sql: Db, runId: string, reason: string, nodeId: string | null = null): Promise<void> {
  await failOpenRun(sql, runId, reason, nodeId);
}
