import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db, Sql } from '../db/sql.ts';
import type { Ai } from '../providers/ai/index.ts';
import type { CoverColours } from '../providers/images/svg-cover.ts';
import type { LinkablePost } from '../services/workflows/queries/blog-posts.ts';
import type { StyleGuide } from './shapes.ts';

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

/**
 * Everything a block may use while it runs: settings, the AI, where it runs, and capabilities over the project's
 * data (never SQL: the statements live in the services' queries modules, docs/decisions.md "Issue 23").
 */
export interface BlockContext {
  config: Config;
  ai: Ai;
  projectId: string;
  runId: string;
  nodeId: string;
  runInput: RunInput;
  /** The user who started the run (save_post's author), when known. */
  userId: string | null;
  /** Slugs of the project's posts. */
  slugs: {
    /** The slug itself when no post of the project has it, else slug-2, slug-3, ... */
    unique: (base: string) => Promise<string>;
  };
  /** What blocks read of the project's posts. */
  posts: {
    /** The most recently published posts, at most `limit` (internal links). */
    published: (limit: number) => Promise<LinkablePost[]>;
  };
  /** The project's style guides. */
  styleGuides: {
    /** The chosen guide of the project, else its default one; undefined when there is none. */
    find: (promptId: string | null) => Promise<StyleGuide | undefined>;
  };
  /** The brand's look. */
  brand: {
    /** The colours a generated cover is drawn in. */
    coverColours: () => Promise<CoverColours>;
  };
  /** Media this node stores (covers), once per node: a retried node finds what it stored before. */
  media: {
    /** The id of what this node stored before, or undefined. */
    stored: () => Promise<string | undefined>;
    /** Stores bytes for this node and answers their id. */
    store: (media: { contentType: string; bytes: Uint8Array }) => Promise<string>;
  };
  /**
   * The database, for save_post alone until the post lifecycle (issue 23, branch lifecycle) gives it
   * ctx.posts.saveGenerated: no other block uses it, and the build test (tests/unit/sql-placement.test.ts) refuses
   * SQL in any block file. TODO(#23): remove once save_post saves through the lifecycle.
   */
  sql: Sql;
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
