import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db, Sql } from '../db/sql.ts';
import type { Ai } from '../providers/ai/index.ts';

/** What a run was asked for (workflow_runs.input). */
export interface RunInput {
  topic: string;
  target_keyword?: string | undefined;
  secondary_keywords?: string[] | undefined;
  outline?: string | undefined;
  calendar_entry_id?: string | undefined;
  publish?: boolean | undefined;
  /** An existing post of the project the run rewrites: save_post updates it (updated_blog_post) instead of adding one. */
  post_id?: string | undefined;
}

/** Everything a block may use while it runs: the database, settings, the AI and where it runs. */
export interface BlockContext {
  sql: Sql;
  config: Config;
  ai: Ai;
  projectId: string;
  runId: string;
  nodeId: string;
  runInput: RunInput;
  /** The user who started the run (save_post's author), when known. */
  userId: string | null;
  /** Records this node as finished inside the caller's transaction (blocks whose effect must happen once). */
  complete: (tx: Db, output: object) => Promise<void>;
}

/**
 * A typed unit of a workflow. Output fields of one block are wired to input fields of another; a block whose output
 * carries a non-empty `skipped_reason` is recorded as skipped (its output still flows on, usually empty).
 */
export interface Block<
  I extends z.ZodObject = z.ZodObject,
  O extends z.ZodObject = z.ZodObject,
  C extends z.ZodObject = z.ZodObject,
> {
  type: string;
  title: string;
  description: string;
  input: I;
  output: O;
  config: C;
  run(args: { ctx: BlockContext; input: z.infer<I>; config: z.infer<C> }): Promise<z.infer<O>>;
}

/** Declares a block with its schemas' types checked against its run function. */
export function defineBlock<I extends z.ZodObject, O extends z.ZodObject, C extends z.ZodObject>(
  block: Block<I, O, C>,
): Block<I, O, C> {
  return block;
}
