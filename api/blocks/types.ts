import type { z } from 'zod';
import type { SourceText } from '../../src/lib/claims/match.ts';
import type { Claim } from '../../src/lib/claims/schema.ts';
import type { Config } from '../config.ts';
import type { Ai } from '../providers/ai/index.ts';
import type { CoverColours } from '../providers/images/svg-cover.ts';
import type { LinkablePost } from '../services/workflows/queries/blog-posts.ts';
import type { SitePage } from '../services/brand/queries.ts';
import type { ResearchNote, StyleGuide } from './shapes.ts';

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
  /** True when the body is a writer's brief (made without a model), never to be published as it is. */
  brief?: boolean | undefined;
  /** The claims of the markdown, as the fact check found them. */
  claims?: Claim[] | undefined;
  /** What wrote the body: the model's name, or the writer's brief. */
  written_by?: string | undefined;
  /** The post's language (the run's). */
  lang?: string | undefined;
}

/** What the post writer's steps are, memoised like nodes (node_steps). */
export interface StepCapabilities {
  /**
   * The output `step` stored in an earlier attempt of this node, else `work()`'s, stored (with what the run view shows
   * of it: a label, its words and how many steps the node has in all) before it is answered.
   */
  once<T>(
    step: string,
    show: { label: string; total: number },
    work: () => Promise<{ output: T; words: number }>,
  ): Promise<T>;
}
/** The posts of the run's project, through their lifecycle (api/services/posts/lifecycle.ts). */
export interface PostCapabilities {
  /** The most recently published posts in the run's language, at most `limit` (internal links). */
  published(limit: number): Promise<LinkablePost[]>;
  /**
   * Saves the run's post once, whatever happened before: a new post with a slug made unique from `slug` (a draft, or
   * published when `publish`), or `rewrite` (a post of the project) updated in place. This node is recorded as
   * finished with `output(postId, refusal)` in the same transaction; `refusal` says why a post the run was to publish
   * was kept a draft (a writer's brief is never published), else null. Returns the post's id.
   */
  saveGenerated(args: {
    content: GeneratedPost;
    slug: string;
    publish: boolean;
    rewrite: string | null;
    output: (postId: string, refusal: string | null) => object;
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
  /** Steps of this node, each done once across attempts (the writer's sections). */
  steps: StepCapabilities;
  /** The run's research notes (passages of search results and competitor pages). */
  research: {
    /** Stores the run's notes once (a resumed node stores nothing twice). */
    save: (notes: ResearchNote[]) => Promise<void>;
    /** The notes stored for the run. */
    notes: () => Promise<ResearchNote[]>;
  };
  /** Pages the project's posts draw on, as the guarded fetch read them (snapshots). */
  sources: {
    /** Stores the text of a page read through the guarded fetch (or why it could not be read). */
    store: (page: SourceText) => Promise<void>;
    /** The claims of markdown checked against their cited pages; pages never read are fetched (guarded) first. */
    check: (markdown: string) => Promise<Claim[]>;
  };
  /** The project's website as its brand task crawled it: the pages' main text. */
  site: { pages: () => Promise<SitePage[]> };
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
