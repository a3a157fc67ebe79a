import { z } from 'zod';
import { edgeShape, MAX_NODES, nodeShape } from '../../services/workflows/graph.ts';

export const idParam = z.object({ id: z.uuid() });
export const projectIdParam = z.object({ projectId: z.uuid() });
export const runIdParam = z.object({ runId: z.uuid() });

const name = z.string({ error: 'Name must be text.' }).trim().min(1, { error: 'Name is required.' }).max(200, { error: 'Name must be at most 200 characters.' });
const description = z.string({ error: 'Description must be text.' }).max(2000, { error: 'Description must be at most 2000 characters.' });

/** A graph as the builder sends it. */
export const graphBody = z
  .object({
    name,
    description: description.optional(),
    nodes: z.array(nodeShape).max(MAX_NODES, { error: `A workflow has at most ${MAX_NODES} nodes.` }),
    edges: z.array(edgeShape).max(MAX_NODES * 20),
  })
  .strict();

/** POST /workflows/project/{projectId}: a graph, or a published template to copy. */
export const createWorkflowBody = z.union([graphBody, z.object({ template_id: z.uuid({ error: 'Template not found.' }) }).strict()]);

/** PUT /workflows/{id} and /workflows/templates/{id}: the graph and the version the edit started from. */
export const updateWorkflowBody = graphBody.extend({ version: z.number({ error: 'Version is required.' }).int().min(1) }).strict();

/** POST /workflows/{id}/run and /workflows/project/{projectId}/run. */
export const runBody = z
  .object({
    topic: z.string({ error: 'Please enter a topic.' }).trim().min(1, { error: 'Please enter a topic.' }).max(500, { error: 'The topic must be at most 500 characters.' }),
    target_keyword: z.string().trim().max(200, { error: 'The target keyword must be at most 200 characters.' }).optional(),
    secondary_keywords: z.array(z.string().trim().min(1).max(200)).max(10, { error: 'You can add a maximum of 10 keywords.' }).optional(),
    outline: z.string().max(20_000, { error: 'The outline must be at most 20000 characters.' }).optional(),
    calendar_entry_id: z.uuid().optional(),
  })
  .strict();

export const runsQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });

const nodeOut = nodeShape;
const edgeOut = edgeShape;

/** A workflow or template. */
export const workflowResponse = z.object({
  id: z.uuid(),
  project_id: z.uuid().nullable(),
  name: z.string(),
  description: z.string(),
  nodes: z.array(nodeOut),
  edges: z.array(edgeOut),
  is_default: z.boolean(),
  is_template: z.boolean(),
  is_published: z.boolean(),
  version: z.number().int(),
  updated_at: z.iso.datetime({ offset: true }),
});

export const workflowSummaryResponse = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  is_default: z.boolean(),
  updated_at: z.iso.datetime({ offset: true }),
  node_count: z.number().int(),
});

export const blockResponse = z.object({
  type: z.string(),
  title: z.string(),
  description: z.string(),
  inputs: z.record(z.string(), z.unknown()),
  outputs: z.record(z.string(), z.unknown()),
  config: z.record(z.string(), z.unknown()),
});

export const startRunResponse = z.object({ run_id: z.uuid(), queue_item_id: z.uuid() });

const runStatus = z.enum(['pending', 'in_progress', 'running', 'success', 'error', 'cancelled']);

export const runSummaryResponse = z.object({
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

export const runResponse = runSummaryResponse.extend({
  node_runs: z.array(
    z.object({
      node_id: z.string(),
      block_type: z.string(),
      status: z.enum(['pending', 'running', 'success', 'error', 'skipped']),
      output: z.unknown(),
      error: z.string().nullable(),
    }),
  ),
});

export const messageResponse = z.object({ message: z.string() });
