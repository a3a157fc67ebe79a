import type { z } from 'zod';
import type { Config } from '../config.ts';
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
  /**
   * The language the run writes in (ISO code, issue 24): the rewritten post's, else the calendar entry's, else the
   * project's. Every prompt ends with languageInstruction(language) (api/providers/ai/language.ts).
   */
  language?: string | undefined;
}

/** The post a run wrote, as save_post hands it over. */
export interface GeneratedPost {
  title: string;
  markdown: string;
  meta_title?: string | undefined;
  meta_description?: string | undefined;
  excerpt?: string | undefined;
  keywords?: string[] | undefined;
  target_keyword?: string | undefined;
  cover_image_url?: string | undefined;
  cover_image_alt?: string | undefined;
  sources?: { title: string; url: string }[] | undefined;
  draft_label?: string | null | undefined;
  /** The post's language (the run's). */
  lang?: string | undefined;
}

/** The posts of the run's project, through their lifecycle (api/services/posts/lifecycle.ts). */
export interface PostCapabilities {
  /** The most recently published posts in the run's language, at most `limit` (internal links). */
  published(limit: number): Promise<LinkablePost[]>;
  /**
   * Saves the run's post once, whatever happened before: a new post with a slug made unique from `slug` (a draft, or
   * published when `publish`), or `rewrite` (a post of the project) updated in place. This node is recorded as
   * finished with `output(postId)` in the same transaction. Returns the post's id.
   */
  saveGenerated(args: {
    content: GeneratedPost;
    slug: string;
    publish: boolean;
    rewrite: string | null;
    output: (postId: string) => object;
  }): Promise<string>;
}

/** Post addresses of the run's project. */
export interface SlugCapabilities {
  /** `base` itself when no post of the project uses it, else base-2, base-3… */
  unique(base: string): Promise<string>;
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
  posts: PostCapabilities;
  slugs: SlugCapabilities;
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
    /**
     * Stores bytes for this node and answers their id; `coverTitle` is the title a drawn cover shows (it follows a
     * later title change of its post), null for any other image.
     */
    store: (media: { contentType: string; bytes: Uint8Array; coverTitle?: string | null }) => Promise<string>;
  };
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
