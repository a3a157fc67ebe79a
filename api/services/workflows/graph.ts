import { z } from 'zod';
import { blockOf, describeBlocks } from '../../blocks/index.ts';
import { type Catalogue, catalogueOf, MAX_NODES, validateGraph } from '../../../src/lib/workflows/graph.ts';
import type { BlockDef } from '../../../src/lib/workflows/types.ts';
import type { FieldIssue } from '../../lib/errors.ts';

export { MAX_NODES };

const id = z
  .string()
  .trim()
  .min(1, { error: 'An id is required.' })
  .max(100, { error: 'An id must be at most 100 characters.' });

export const nodeShape = z.object({
  id,
  type: z.string().min(1).max(100),
  position: z.object({ x: z.number(), y: z.number() }).default({ x: 0, y: 0 }),
  config: z.record(z.string(), z.unknown()).default({}),
});
export const edgeShape = z.object({
  id,
  source: id,
  source_handle: z.string().min(1).max(100),
  target: id,
  target_handle: z.string().min(1).max(100),
});
export type GraphNode = z.infer<typeof nodeShape>;
export type GraphEdge = z.infer<typeof edgeShape>;
export interface Graph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

let catalogue: Catalogue | undefined;

/** The server's block catalogue as the builder receives it (GET /workflows/blocks), built once. */
function serverCatalogue(): Catalogue {
  catalogue ??= catalogueOf(describeBlocks() as unknown as BlockDef[]);
  return catalogue;
}

/**
 * Every problem of a graph, each naming its node (or edge) and field; empty when the graph can run. The rules are the
 * shared graph module's (src/lib/workflows/graph.ts), which the builder uses too; only the settings check is the
 * server's own: each node's config is parsed with its block's zod schema.
 */
export function graphIssues(graph: Graph): FieldIssue[] {
  return validateGraph(graph, serverCatalogue(), {
    configIssues: (node) => {
      const block = blockOf(node.type);
      const config = block?.config.safeParse(node.config);
      if (!block || !config || config.success) return [];
      return config.error.issues.map((problem) => {
        const field = String(problem.path[0] ?? 'config');
        return { field, msg: `Node "${node.id}" (${block.title}): setting "${field}" ${problem.message}` };
      });
    },
  });
}
