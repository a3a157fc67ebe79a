// The workflow shapes the browser reads and writes (contract of issue 13): graph, block catalogue, runs, queue. The
// API's answers have their zod schemas in src/lib/workflows/schema.ts; what the builder sends is here.

import type { BlockDefinition, GraphEdge, GraphNode } from './schema.ts';

export type {
  GraphEdge,
  GraphNode,
  NodeRun,
  QueueItem,
  QueueStatus,
  RunStatus,
  RunSummary,
  StartedRun,
  Workflow,
  WorkflowRun,
  WorkflowSummary,
} from './schema.ts';

/** A JSON Schema as the API answers it (z.toJSONSchema of a block's zod schema), the parts the builder reads. */
export interface JsonSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/** One block of the palette (GET /workflows/blocks), its schemas read as JSON Schemas. */
export type BlockDef = Omit<BlockDefinition, 'inputs' | 'outputs' | 'config'> & {
  inputs: JsonSchema;
  outputs: JsonSchema;
  config: JsonSchema;
};

/** What a save sends (PUT /workflows/{id}, templates alike). */
export interface WorkflowDraft {
  name: string;
  description?: string | null;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** What a run starts from (POST /workflows/{id}/run). */
export interface RunInput {
  topic: string;
  target_keyword?: string;
  secondary_keywords?: string[];
  outline?: string;
  calendar_entry_id?: string;
}
