import { z } from 'zod';
import { blockOf, describeBlocks } from '../../blocks/index.ts';
import { fieldsCompatible } from '../../../src/lib/workflows/compatible.ts';
import type { FieldIssue } from '../../lib/errors.ts';

export const MAX_NODES = 100;

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

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  [key: string]: unknown;
};

/** A field of a block's schema by name; handle names are user input, so only the schema's own fields count. */
const fieldOf = (schema: JsonSchema, name: string): JsonSchema | undefined =>
  schema.properties && Object.hasOwn(schema.properties, name) ? schema.properties[name] : undefined;

const schemas = () => new Map(describeBlocks().map((block) => [block.type, block]));

/** Every problem of a graph, each naming its node (or edge) and field; empty when the graph can run. */
export function graphIssues(graph: Graph): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const described = schemas();
  const nodeIssue = (node: string, field: string, msg: string, type = 'value_error') =>
    issues.push({ loc: ['body', 'nodes', node, field], msg, type });
  const edgeIssue = (edge: string, msg: string) =>
    issues.push({ loc: ['body', 'edges', edge], msg, type: 'value_error' });
  if (graph.nodes.length > MAX_NODES)
    issues.push({ loc: ['body', 'nodes'], msg: `A workflow has at most ${MAX_NODES} nodes.`, type: 'too_big' });

  const nodes = new Map<string, GraphNode>();
  for (const node of graph.nodes) {
    if (nodes.has(node.id)) nodeIssue(node.id, 'id', `Two nodes share the id "${node.id}".`);
    nodes.set(node.id, node);
    const block = blockOf(node.type);
    if (!block) {
      nodeIssue(node.id, 'type', `Node "${node.id}" has an unknown block type "${node.type}".`);
      continue;
    }
    const config = block.config.safeParse(node.config);
    if (!config.success) {
      for (const problem of config.error.issues) {
        const field = String(problem.path[0] ?? 'config');
        nodeIssue(node.id, field, `Node "${node.id}" (${block.title}): setting "${field}" ${problem.message}`);
      }
    }
  }

  const edgeIds = new Set<string>();
  const wired = new Map<string, string>(); // "node.field" → edge id
  const next = new Map<string, string[]>();
  for (const edge of graph.edges) {
    if (edgeIds.has(edge.id)) edgeIssue(edge.id, `Two edges share the id "${edge.id}".`);
    edgeIds.add(edge.id);
    const source = nodes.get(edge.source);
    const target = nodes.get(edge.target);
    if (!source || !target) {
      edgeIssue(
        edge.id,
        `Edge "${edge.id}" connects a node that does not exist ("${!source ? edge.source : edge.target}").`,
      );
      continue;
    }
    if (edge.source === edge.target) {
      edgeIssue(edge.id, `Edge "${edge.id}" connects node "${edge.source}" to itself.`);
      continue;
    }
    next.set(edge.source, [...(next.get(edge.source) ?? []), edge.target]);
    const from = described.get(source.type);
    const to = described.get(target.type);
    if (!from || !to) continue; // unknown type, reported above
    const out = fieldOf(from.outputs as JsonSchema, edge.source_handle);
    const into = fieldOf(to.inputs as JsonSchema, edge.target_handle);
    if (!out) {
      edgeIssue(edge.id, `Node "${source.id}" (${from.title}) has no output "${edge.source_handle}".`);
      continue;
    }
    if (!into) {
      nodeIssue(
        target.id,
        edge.target_handle,
        `Node "${target.id}" (${to.title}) has no input "${edge.target_handle}".`,
      );
      continue;
    }
    const key = `${target.id}\u0000${edge.target_handle}`;
    if (wired.has(key))
      nodeIssue(
        target.id,
        edge.target_handle,
        `Node "${target.id}" (${to.title}): input "${edge.target_handle}" is connected twice.`,
      );
    wired.set(key, edge.id);
    if (!fieldsCompatible(into, out)) {
      nodeIssue(
        target.id,
        edge.target_handle,
        `Node "${target.id}" (${to.title}): input "${edge.target_handle}" cannot take output "${edge.source_handle}" of node "${source.id}" (${from.title}): their types differ.`,
        'type_error',
      );
    }
  }

  for (const node of graph.nodes) {
    const block = described.get(node.type);
    if (!block) continue;
    for (const field of (block.inputs as JsonSchema).required ?? []) {
      if (!wired.has(`${node.id}\u0000${field}`))
        nodeIssue(
          node.id,
          field,
          `Node "${node.id}" (${block.title}) needs its input "${field}" connected.`,
          'missing',
        );
    }
  }

  const cycle = findCycle([...nodes.keys()], next);
  if (cycle) {
    const edge = graph.edges.find((candidate) => candidate.source === cycle[0] && candidate.target === cycle[1]);
    edgeIssue(
      edge?.id ?? '',
      `The workflow has a cycle: ${cycle.map((node) => `"${node}"`).join(' → ')}. Node "${cycle[0]}" cannot wait for itself.`,
    );
  }
  return issues;
}

/** A cycle as a list of node ids (first repeated last), or null when the graph is acyclic. */
function findCycle(ids: string[], next: Map<string, string[]>): string[] | null {
  const state = new Map<string, 1 | 2>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 1);
    path.push(node);
    for (const target of next.get(node) ?? []) {
      if (state.get(target) === 1) return [...path.slice(path.indexOf(target)), target];
      if (!state.has(target)) {
        const found = visit(target);
        if (found) return found;
      }
    }
    path.pop();
    state.set(node, 2);
    return null;
  };
  for (const node of ids) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found) return found;
  }
  return null;
}
