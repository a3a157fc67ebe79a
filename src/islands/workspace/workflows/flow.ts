// Conversions between the API's graph (snake_case edges) and the canvas's nodes and edges.
import type { Edge, Node } from '@xyflow/react';
import type { BlockDef, GraphEdge, GraphNode } from '../../../lib/workflows/types.ts';
import type { BlockNodeData } from './BlockNode.tsx';

/** A canvas node: the shown data plus what a save sends back. */
export type FlowNode = Node<BlockNodeData & { blockType: string; config: Record<string, unknown> }, 'block'>;

/** The input and output field names of a block (its handles), in schema order. */
export function blockFields(block: BlockDef | undefined): { inputs: string[]; outputs: string[] } {
  return {
    inputs: Object.keys(block?.inputs?.properties ?? {}),
    outputs: Object.keys(block?.outputs?.properties ?? {}),
  };
}

/** One API node as a canvas node. */
export function toFlowNode(node: GraphNode, block: BlockDef | undefined): FlowNode {
  return {
    id: node.id,
    type: 'block',
    position: node.position ?? { x: 0, y: 0 },
    data: {
      title: block?.title ?? node.type,
      ...blockFields(block),
      errors: [],
      blockType: node.type,
      config: node.config ?? {},
    },
  };
}

/** One API edge as a canvas edge. */
export function toFlowEdge(edge: GraphEdge): Edge {
  return {
    id: edge.id,
    source: edge.source,
    sourceHandle: edge.source_handle,
    target: edge.target,
    targetHandle: edge.target_handle,
  };
}

/** The canvas back as the API's graph. */
export function toGraph(nodes: FlowNode[], edges: Edge[]): { nodes: GraphNode[]; edges: GraphEdge[] } {
  return {
    nodes: nodes.map((node) => ({
      id: node.id,
      type: node.data.blockType,
      position: { x: Math.round(node.position.x), y: Math.round(node.position.y) },
      config: node.data.config,
    })),
    edges: edges.map((edge) => ({
      id: edge.id,
      source: edge.source,
      source_handle: edge.sourceHandle ?? '',
      target: edge.target,
      target_handle: edge.targetHandle ?? '',
    })),
  };
}
