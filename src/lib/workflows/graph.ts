// The one graph module: what a valid workflow is and which of its nodes can run, for the builder (isValidConnection,
// the canvas) and the server (save, run) alike, so the browser and the API never disagree. Pure: no React, no zod, no
// database; blocks are known by their catalogue entry (GET /workflows/blocks, describeBlocks() on the server).
import { fieldsCompatible } from './compatible.ts';
import type { BlockDef, GraphEdge, JsonSchema } from './types.ts';

/** The most nodes a workflow may have. */
export const MAX_NODES = 100;

/** One problem of a graph, placed as the API's 422 places it: ['body', 'nodes', id, field] or ['body', 'edges', id]. */
export interface GraphIssue {
  loc: string[];
  msg: string;
  type: string;
}

/** The blocks a graph may use, by type. */
export type Catalogue = ReadonlyMap<string, BlockDef>;

/** What the rules read of a node: its id and block type (config only through `configIssues`). */
export interface NodeRef {
  id: string;
  type: string;
}

export interface ValidateOptions<N extends NodeRef> {
  /** Problems of a node's settings (the server parses them with the block's zod schema), each naming its field. */
  configIssues?: (node: N, block: BlockDef) => { field: string; msg: string }[];
}

/** The catalogue of a block list. */
export function catalogueOf(blocks: readonly BlockDef[]): Catalogue {
  return new Map(blocks.map((block) => [block.type, block]));
}

/**
 * Every problem of a graph, each naming its node (or edge) and field; empty when the graph can run. The rules: at
 * most MAX_NODES nodes with unique ids and known blocks, edges between existing nodes from an output that exists to
 * an input that exists and takes its type, each input wired at most once, every required input wired, no cycle.
 */
export function validateGraph<N extends NodeRef>(
  graph: { nodes: readonly N[]; edges: readonly GraphEdge[] },
  catalogue: Catalogue,
  options: ValidateOptions<N> = {},
): GraphIssue[] {
  const issues: GraphIssue[] = [];
  if (graph.nodes.length > MAX_NODES)
    issues.push({ loc: ['body', 'nodes'], msg: `A workflow has at most ${MAX_NODES} nodes.`, type: 'too_big' });

  const nodes = new Map<string, N>();
  for (const node of graph.nodes) {
    if (nodes.has(node.id)) issues.push(nodeIssue(node.id, 'id', `Two nodes share the id "${node.id}".`));
    nodes.set(node.id, node);
    const block = catalogue.get(node.type);
    if (!block) {
      issues.push(nodeIssue(node.id, 'type', `Node "${node.id}" has an unknown block type "${node.type}".`));
      continue;
    }
    for (const problem of options.configIssues?.(node, block) ?? [])
      issues.push(nodeIssue(node.id, problem.field, problem.msg));
  }

  const edgeIds = new Set<string>();
  const wired = new Set<string>();
  for (const edge of graph.edges) {
    if (edgeIds.has(edge.id)) issues.push(edgeIssue(edge.id, `Two edges share the id "${edge.id}".`));
    edgeIds.add(edge.id);
    const problem = wireIssue(edge, nodes, catalogue);
    if (problem === 'skip') continue;
    if (problem && problem.type !== 'type_error') {
      issues.push(problem);
      continue;
    }
    const key = inputKey(edge.target, edge.target_handle);
    if (wired.has(key)) {
      const title = catalogue.get(nodes.get(edge.target)?.type ?? '')?.title ?? '';
      issues.push(
        nodeIssue(
          edge.target,
          edge.target_handle,
          `Node "${edge.target}" (${title}): input "${edge.target_handle}" is connected twice.`,
        ),
      );
    }
    wired.add(key);
    if (problem) issues.push(problem);
  }

  for (const node of graph.nodes) {
    const block = catalogue.get(node.type);
    for (const field of block?.inputs.required ?? []) {
      if (!wired.has(inputKey(node.id, field)))
        issues.push(
          nodeIssue(
            node.id,
            field,
            `Node "${node.id}" (${block?.title}) needs its input "${field}" connected.`,
            'missing',
          ),
        );
    }
  }

  const cycle = findCycle(
    [...nodes.keys()],
    graph.edges.filter((edge) => nodes.has(edge.source) && nodes.has(edge.target) && edge.source !== edge.target),
  );
  if (cycle) {
    const edge = graph.edges.find((candidate) => candidate.source === cycle[0] && candidate.target === cycle[1]);
    issues.push(
      edgeIssue(
        edge?.id ?? '',
        `The workflow has a cycle: ${cycle.map((node) => `"${node}"`).join(' → ')}. Node "${cycle[0]}" cannot wait for itself.`,
      ),
    );
  }
  return issues;
}

/**
 * Why the builder may not draw a wire (null when it may): the same rules as validateGraph for one more edge — its
 * outputs and inputs exist and fit, the input is not wired yet, and it closes no cycle.
 */
export function connectionProblem(
  graph: { nodes: readonly NodeRef[]; edges: readonly GraphEdge[] },
  catalogue: Catalogue,
  connection: Omit<GraphEdge, 'id'>,
): string | null {
  const nodes = new Map(graph.nodes.map((node) => [node.id, node]));
  const problem = wireIssue({ id: 'new', ...connection }, nodes, catalogue);
  if (problem === 'skip') return 'The block of one of these nodes is unknown.';
  if (problem) return problem.msg;
  if (!canConnect(graph.edges, connection)) return 'That input is already connected, or the wire would close a cycle.';
  return null;
}

/** Whether a wire leaves the graph's structure valid: the target input is free and no cycle closes. */
export function canConnect(
  edges: readonly GraphEdge[],
  connection: { source: string; target: string; target_handle: string },
): boolean {
  if (edges.some((edge) => edge.target === connection.target && edge.target_handle === connection.target_handle))
    return false;
  return !wouldCycle(edges, connection.source, connection.target);
}

/** Whether an edge source → target would close a cycle (target already reaches source). */
export function wouldCycle(edges: readonly GraphEdge[], source: string, target: string): boolean {
  return findCycle([source], [...edges, { source, target }]) !== null;
}

/**
 * A cycle reachable from `starts`, as a list of node ids with its first node repeated last, or null when there is
 * none: the one cycle check of the builder (a wire about to be drawn) and the server (a graph about to be saved).
 */
export function findCycle(
  starts: readonly string[],
  edges: readonly Pick<GraphEdge, 'source' | 'target'>[],
): string[] | null {
  const next = new Map<string, string[]>();
  for (const edge of edges) next.set(edge.source, [...(next.get(edge.source) ?? []), edge.target]);
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    path.push(node);
    for (const target of next.get(node) ?? []) {
      if (state.get(target) === 'open') return [...path.slice(path.indexOf(target)), target];
      if (!state.has(target)) {
        const found = visit(target);
        if (found) return found;
      }
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of starts) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

/**
 * The nodes that can run now: not finished, not running, and every node wired into them finished. The one readiness
 * rule of a run: the runner asks it when a run is claimed and each time a node finishes.
 */
export function readyNodes<N extends NodeRef>(
  graph: { nodes: readonly N[]; edges: readonly GraphEdge[] },
  finished: { has: (id: string) => boolean },
  running: { has: (id: string) => boolean } = new Set<string>(),
): N[] {
  return graph.nodes.filter(
    (node) =>
      !finished.has(node.id) &&
      !running.has(node.id) &&
      graph.edges.every((edge) => edge.target !== node.id || finished.has(edge.source)),
  );
}

/** A field of a block's schema by name; handle names are user input, so only the schema's own fields count. */
const fieldOf = (schema: JsonSchema, name: string): JsonSchema | undefined =>
  schema.properties && Object.hasOwn(schema.properties, name) ? schema.properties[name] : undefined;

const inputKey = (node: string, field: string) => `${node}\u0000${field}`;

const nodeIssue = (node: string, field: string, msg: string, type = 'value_error'): GraphIssue => ({
  loc: ['body', 'nodes', node, field],
  msg,
  type,
});

const edgeIssue = (edge: string, msg: string): GraphIssue => ({
  loc: ['body', 'edges', edge],
  msg,
  type: 'value_error',
});

/**
 * What is wrong with one wire on its own: ends that do not exist or are the same node, an output or input its block
 * lacks, or types that do not fit (type_error). 'skip' when a block is unknown (its node is reported already).
 */
function wireIssue(
  edge: GraphEdge,
  nodes: ReadonlyMap<string, NodeRef>,
  catalogue: Catalogue,
): GraphIssue | 'skip' | null {
  const source = nodes.get(edge.source);
  const target = nodes.get(edge.target);
  if (!source || !target)
    return edgeIssue(
      edge.id,
      `Edge "${edge.id}" connects a node that does not exist ("${!source ? edge.source : edge.target}").`,
    );
  if (edge.source === edge.target)
    return edgeIssue(edge.id, `Edge "${edge.id}" connects node "${edge.source}" to itself.`);
  const from = catalogue.get(source.type);
  const to = catalogue.get(target.type);
  if (!from || !to) return 'skip';
  const out = fieldOf(from.outputs, edge.source_handle);
  const into = fieldOf(to.inputs, edge.target_handle);
  if (!out) return edgeIssue(edge.id, `Node "${source.id}" (${from.title}) has no output "${edge.source_handle}".`);
  if (!into)
    return nodeIssue(
      target.id,
      edge.target_handle,
      `Node "${target.id}" (${to.title}) has no input "${edge.target_handle}".`,
    );
  if (!fieldsCompatible(into, out))
    return nodeIssue(
      target.id,
      edge.target_handle,
      `Node "${target.id}" (${to.title}): input "${edge.target_handle}" cannot take output "${edge.source_handle}" of node "${source.id}" (${from.title}): their types differ.`,
      'type_error',
    );
  return null;
}
