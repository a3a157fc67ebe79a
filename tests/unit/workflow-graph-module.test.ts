// The one graph module (src/lib/workflows/graph.ts) that the builder and the server share: they must agree on every
// wire of the real block catalogue, and the runner's readiness rule is the module's.
import { describe, expect, it } from 'vitest';
import { describeBlocks } from '../../api/blocks/index.ts';
import { BLOG_POST_GRAPH } from '../../api/services/workflows/blog-template.ts';
import { graphIssues } from '../../api/services/workflows/graph.ts';
import { catalogueOf, connectionProblem, findCycle, readyNodes, validateGraph } from '../../src/lib/workflows/graph.ts';
import type { BlockDef, GraphEdge } from '../../src/lib/workflows/types.ts';

const catalogue = catalogueOf(describeBlocks() as unknown as BlockDef[]);
const node = (id: string, type: string) => ({ id, type, position: { x: 0, y: 0 }, config: {} });
const wire = (source: string, sourceHandle: string, target: string, targetHandle: string): GraphEdge => ({
  id: `${source}.${sourceHandle}->${target}.${targetHandle}`,
  source,
  source_handle: sourceHandle,
  target,
  target_handle: targetHandle,
});

describe('the builder and the server agree on wires', () => {
  it('for every output and input of every pair of blocks: the builder offers a wire exactly when a save accepts it', () => {
    const blocks = [...catalogue.values()];
    let offered = 0;
    let refused = 0;
    for (const from of blocks) {
      for (const to of blocks) {
        const nodes = [node('from', from.type), node('to', to.type)];
        for (const output of Object.keys(from.outputs.properties ?? {})) {
          for (const input of Object.keys(to.inputs.properties ?? {})) {
            const edge = wire('from', output, 'to', input);
            const builder = connectionProblem({ nodes, edges: [] }, catalogue, edge) === null;
            // What the server says about this wire itself (inputs left unwired elsewhere are another matter).
            const server = graphIssues({ nodes, edges: [edge] }).filter((issue) => issue.type !== 'missing');
            expect({ edge: edge.id, builder }).toEqual({ edge: edge.id, builder: server.length === 0 });
            if (builder) offered++;
            else refused++;
          }
        }
      }
    }
    // The catalogue has both kinds, so the comparison covers both answers.
    expect(offered).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(20);
  });

  it('refuses a wire that closes a cycle, and a save of a graph that has one, naming the loop', () => {
    const nodes = [node('a', 'outline'), node('b', 'post_writer')];
    const forward = wire('a', 'outline', 'b', 'outline');

    expect(connectionProblem({ nodes, edges: [forward] }, catalogue, wire('b', 'title', 'a', 'topic'))).toMatch(
      /cycle/,
    );
    const issues = validateGraph({ nodes, edges: [forward, wire('b', 'title', 'a', 'topic')] }, catalogue);
    expect(issues.map((issue) => issue.msg)).toContain(
      'The workflow has a cycle: "a" → "b" → "a". Node "a" cannot wait for itself.',
    );
  });

  it('finds a cycle only where there is one', () => {
    const edges = [wire('a', 'x', 'b', 'y'), wire('b', 'x', 'c', 'y'), wire('a', 'x', 'c', 'z')];

    expect(findCycle(['a', 'b', 'c'], edges)).toBeNull();
    expect(findCycle(['a', 'b', 'c'], [...edges, wire('c', 'x', 'a', 'y')])).toEqual(['a', 'b', 'c', 'a']);
  });

  it('accepts the Blog post template on both sides', () => {
    expect(validateGraph(BLOG_POST_GRAPH, catalogue)).toEqual([]);
    expect(graphIssues(BLOG_POST_GRAPH)).toEqual([]);
  });
});

describe('node readiness', () => {
  // a → b, a → c, (b, c) → d
  const graph = {
    nodes: ['a', 'b', 'c', 'd'].map((id) => node(id, 'outline')),
    edges: [wire('a', 'x', 'b', 'y'), wire('a', 'x', 'c', 'y'), wire('b', 'x', 'd', 'y'), wire('c', 'x', 'd', 'z')],
  };
  const ready = (finished: string[], running: string[] = []) =>
    readyNodes(graph, new Set(finished), new Set(running)).map((ready) => ready.id);

  it('starts with the nodes nothing is wired into', () => {
    expect(ready([])).toEqual(['a']);
  });

  it('makes a node ready once every node wired into it has finished, and never one running or finished', () => {
    expect(ready(['a'])).toEqual(['b', 'c']);
    expect(ready(['a'], ['b'])).toEqual(['c']);
    expect(ready(['a', 'b'], ['c'])).toEqual([]);
    expect(ready(['a', 'b', 'c'])).toEqual(['d']);
    expect(ready(['a', 'b', 'c', 'd'])).toEqual([]);
  });

  it('resumes a run where an earlier attempt left it (some nodes finished)', () => {
    expect(ready(['a', 'c'])).toEqual(['b']);
  });
});
