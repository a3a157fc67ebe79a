import { z } from 'zod';

/** One block of a workflow graph as the API answers it (the builder's node). */
export const graphNode = z.object({
  id: z.string(),
  type: z.string(),
  position: z.object({ x: z.number(), y: z.number() }),
  config: z.record(z.string(), z.unknown()),
});
export type GraphNode = z.infer<typeof graphNode>;

/** A wire from one block's output to another's input. */
export const graphEdge = z.object({
  id: z.string(),
  source: z.string(),
  source_handle: z.string(),
  target: z.string(),
  target_handle: z.string(),
});
export type GraphEdge = z.infer<typeof graphEdge>;

/** A whole workflow or template (GET /workflows/{id}). */
export const workflow = z.object({
  id: z.uuid(),
  project_id: z.uuid().nullable(),
  name: z.string(),
  description: z.string(),
  nodes: z.array(graphNode),
  edges: z.array(graphEdge),
  is_default: z.boolean(),
  is_template: z.boolean(),
  is_published: z.boolean(),
  version: z.number().int(),
  updated_at: z.iso.datetime({ offset: true }),
});
export type Workflow = z.infer<typeof workflow>;

/** A workflow of the list (GET /workflows/project/{projectId}). */
export const workflowSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  is_default: z.boolean(),
  updated_at: z.iso.datetime({ offset: true }),
  node_count: z.number().int(),
});
export type WorkflowSummary = z.infer<typeof workflowSummary>;

/** One block of the palette (GET /workflows/blocks), with the JSON Schemas of its inputs, outputs and config. */
export const blockDef = z.object({
  type: z.string(),
  title: z.string(),
  description: z.string(),
  inputs: z.record(z.string(), z.unknown()),
  outputs: z.record(z.string(), z.unknown()),
  config: z.record(z.string(), z.unknown()),
});
export type BlockDefinition = z.infer<typeof blockDef>;

export const runStatus = z.enum(['pending', 'in_progress', 'running', 'success', 'error', 'cancelled']);
export type RunStatus = z.infer<typeof runStatus>;

/** A run without its nodes (the project's list of runs). */
export const runSummary = z.object({
  run_id: z.uuid(),
  workflow_id: z.uuid().nullable(),
  project_id: z.uuid(),
  status: runStatus,
  error: z.string().nullable(),
  error_node_id: z.string().nullable(),
  post_id: z.uuid().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  started_at: z.iso.datetime({ offset: true }).nullable(),
  finished_at: z.iso.datetime({ offset: true }).nullable(),
});
export type RunSummary = z.infer<typeof runSummary>;

/** The steps a long node has finished so far (the post writer's parts), as they are written. */
export const nodeProgress = z.object({
  done: z.number().int(),
  total: z.number().int(),
  words: z.number().int(),
  steps: z.array(z.object({ label: z.string(), words: z.number().int() })),
});
export type NodeProgress = z.infer<typeof nodeProgress>;

/** One node of a run, with its output once it finished. */
export const nodeRun = z.object({
  node_id: z.string(),
  block_type: z.string(),
  status: z.enum(['pending', 'running', 'success', 'error', 'skipped']),
  output: z.unknown(),
  error: z.string().nullable(),
  progress: nodeProgress
    .nullable()
    .describe('Steps a node memoises (the post writer: one per part), with their words; null for other nodes.'),
});
export type NodeRun = z.infer<typeof nodeRun>;

/** One run (GET /workflows/runs/{runId}). */
export const workflowRun = runSummary.extend({ node_runs: z.array(nodeRun) });
export type WorkflowRun = z.infer<typeof workflowRun>;

/** A queued run: its id and the queue item id GET /api/queue/status and DELETE /api/queue/items/{id} use. */
export const startedRun = z.object({ run_id: z.uuid(), queue_item_id: z.uuid() });
export type StartedRun = z.infer<typeof startedRun>;

/** GET /queue/status (spec §3 Queue status): the selected project's open runs. */
export const queueStatus = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      run_id: z.uuid(),
      state: z.enum(['queued', 'processing']),
      created_at: z.iso.datetime({ offset: true }),
    }),
  ),
  processing_count: z.number().int(),
});
export type QueueStatus = z.infer<typeof queueStatus>;
export type QueueItem = QueueStatus['items'][number];
