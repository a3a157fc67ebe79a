import type { BlockContext, RunInput } from '../../blocks/types.ts';
import type { Config } from '../../config.ts';
import type { Sql } from '../../db/sql.ts';
import type { JobQueue } from '../../jobs/boss.ts';
import type { Ai } from '../../providers/ai/index.ts';
import { selectSitePages } from '../brand/queries.ts';
import { checkMarkdown } from '../claims/check.ts';
import { insertRunNotes, selectRunNotes, upsertSnapshot } from '../claims/queries.ts';
import { projectCoverColours } from '../covers/colours.ts';
import { selectProjectStyleGuide } from '../prompts/queries.ts';
import { insertNodeMedia, selectNodeMediaId } from './queries/media.ts';
import { postCapabilities } from '../posts/capabilities.ts';
import { finishNodeIn } from './queries/node-runs.ts';
import { DEFAULT_LANGUAGE } from '../../../src/lib/languages/index.ts';
import { insertNodeStep, selectNodeStep } from './queries/node-steps.ts';

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
    steps: {
      async once(step, show, work) {
        const key = { ...node, step };
        const stored = await selectNodeStep(sql, key);
        if (stored !== undefined) return stored as never;
        const done = await work();
        return (await insertNodeStep(sql, { ...key, ...show, words: done.words, output: done.output })) as never;
      },
    },
    research: {
      save: (notes) => insertRunNotes(sql, projectId, run.runId, notes),
      notes: () => selectRunNotes(sql, projectId, run.runId),
    },
    sources: {
      store: (page) => upsertSnapshot(sql, projectId, page),
      check: (markdown) => checkMarkdown({ sql, config: run.config, projectId }, markdown, { fetch: true }),
    },
    site: { pages: () => selectSitePages(sql, projectId) },
    media: {
      stored: () => selectNodeMediaId(sql, projectId, node),
      store: (media) => insertNodeMedia(sql, projectId, node, media),
    },
  };
}
