// The workflow shapes the browser reads and writes (contract of issue 13): graph, block catalogue, runs, queue.

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

/** One block of the palette (GET /workflows/blocks). */
export interface BlockDef {
  type: string;
  title: string;
  description: string;
  inputs: JsonSchema;
  outputs: JsonSchema;
  config: JsonSchema;
}

export interface GraphNode {
  id: string;
  type: string;
  position: { x: number; y: number };
  config: Record<string, unknown>;
}

export interface GraphEdge {
  id: string;
  source: string;
  source_handle: string;
  target: string;
  target_handle: string;
}

/** A workflow of the list (GET /workflows/project/{projectId}). */
export interface WorkflowSummary {
  id: string;
  name: string;
  description: string | null;
  is_default: boolean;
  updated_at: string;
  node_count: number;
}

/** A whole workflow or template (GET /workflows/{id}). */
export interface Workflow {
  id: string;
  project_id: string | null;
  name: string;
  description: string | null;
  nodes: GraphNode[];
  edges: GraphEdge[];
  is_default: boolean;
  is_template: boolean;
  is_published: boolean;
  version: number;
  updated_at: string;
}

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

export type RunStatus = 'pending' | 'in_progress' | 'running' | 'success' | 'error' | 'cancelled';

export interface NodeRun {
  node_id: string;
  block_type: string;
  status: string;
  output?: unknown;
  error?: string | null;
}

/** One run (GET /workflows/runs/{runId}); the project list answers the same without node outputs. */
export interface WorkflowRun {
  run_id: string;
  workflow_id: string | null;
  project_id: string;
  status: RunStatus;
  error: string | null;
  error_node_id: string | null;
  post_id: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  node_runs: NodeRun[];
}

export interface QueueItem {
  id: string;
  run_id: string;
  state: 'queued' | 'processing';
  created_at: string;
}

/** GET /queue/status (spec §3 Queue status). */
export interface QueueStatus {
  items: QueueItem[];
  processing_count: number;
}
