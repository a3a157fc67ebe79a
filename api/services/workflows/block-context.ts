import type { BlockContext, RunInput } from '../../blocks/types.ts';
import type { Config } from '../../config.ts';
import type { Sql } from '../../db/sql.ts';
import type { JobQueue } from '../../jobs/boss.ts';
import type { Ai } from '../../providers/ai/index.ts';
import { projectCoverColours } from '../covers/colours.ts';
import { selectProjectStyleGuide } from '../prompts/queries.ts';
import { insertNodeMedia, selectNodeMediaId } from './queries/media.ts';
import { postCapabilities } from '../posts/capabilities.ts';
import { finishNodeIn } from './queries/node-runs.ts';
import { DEFAULT_LANGUAGE } from '../../../src/lib/languages/index.ts';

/** Where a block runs: the run, the node, and what the process gives every block. */
export interface BlockRun {
  sql: Sql;
  config: Config;
  ai: Ai;
  projectId: string;
  runId: string;
  nodeId: string;
  runInput: RunInput;
  userId: string | null;
  /** Where the posts a run saves wake the outbox's consumer. */
  jobs?: JobQueue | undefined;
}

/**
 * The context a block runs with: its capabilities are the project's data reached through the services' queries,
 * each scoped to the run's project (and node, for media), so a block never writes SQL and never sees another project.
 */
export function createBlockContext(run: BlockRun): BlockContext {
  const { sql, projectId } = run;
  const node = { runId: run.runId, nodeId: run.nodeId };
  const { posts, slugs } = postCapabilities({
    sql,
    config: run.config,
    jobs: run.jobs,
    projectId,
    runId: run.runId,
    authorId: run.userId,
    language: run.runInput.language ?? DEFAULT_LANGUAGE,
    finish: (tx, output) => finishNodeIn(tx, run.runId, run.nodeId, output),
  });
  return {
    config: run.config,
    ai: run.ai,
    projectId,
    runId: run.runId,
    nodeId: run.nodeId,
    runInput: run.runInput,
    userId: run.userId,
    slugs,
    posts,
    styleGuides: { find: (promptId) => selectProjectStyleGuide(sql, projectId, promptId) },
    brand: { coverColours: () => projectCoverColours(sql, projectId) },
    media: {
      stored: () => selectNodeMediaId(sql, projectId, node),
      store: (media) => insertNodeMedia(sql, projectId, node, media),
    },
  };
}
