import { z } from 'zod';
import { competitorAnalysis } from './competitor-analysis.ts';
import { coverImage } from './cover-image.ts';
import { ctaInserter } from './cta-inserter.ts';
import { factCheck } from './fact-check.ts';
import { imagePrompt } from './image-prompt.ts';
import { internalLinks } from './internal-links.ts';
import { outline } from './outline.ts';
import { postWriter } from './post-writer.ts';
import { queryOptimiser } from './query-optimiser.ts';
import { savePost } from './save-post.ts';
import { seoMeta } from './seo-meta.ts';
import { styleGuide } from './style-guide.ts';
import { topicInput } from './topic-input.ts';
import type { Block } from './types.ts';
import { videoEmbed } from './video-embed.ts';
import { webSearch } from './web-search.ts';

/** Every block a workflow can use, by type. A Map: a node's type is user input, and on a plain object "__proto__",
 * "constructor" or "toString" would find Object.prototype's members instead of no block. */
const BLOCKS: ReadonlyMap<string, Block> = new Map(
  [
    topicInput,
    queryOptimiser,
    webSearch,
    competitorAnalysis,
    styleGuide,
    outline,
    postWriter,
    imagePrompt,
    coverImage,
    videoEmbed,
    internalLinks,
    ctaInserter,
    factCheck,
    seoMeta,
    savePost,
  ].map((block) => [block.type, block as unknown as Block]),
);

/** The block of a node's type, or undefined for a type no block has. */
export function blockOf(type: string): Block | undefined {
  return BLOCKS.get(type);
}

export interface BlockDescription {
  type: string;
  title: string;
  description: string;
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
  config: Record<string, unknown>;
}

const schemaOf = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;

let described: BlockDescription[] | undefined;

/** GET /workflows/blocks: each block with its inputs, outputs and config as JSON Schema (built once). */
export function describeBlocks(): BlockDescription[] {
  described ??= [...BLOCKS.values()].map((block) => ({
    type: block.type,
    title: block.title,
    description: block.description,
    inputs: schemaOf(block.input, 'input'),
    outputs: schemaOf(block.output, 'output'),
    config: schemaOf(block.config, 'input'),
  }));
  return described;
}
