import { z } from 'zod';
import { errorBody, operation, validationErrorBody, throttled } from '../../lib/openapi.ts';
import { edgeShape, MAX_NODES, nodeShape } from '../../services/workflows/graph.ts';

export const idParam = z.object({ id: z.uuid() });
export const projectIdParam = z.object({ projectId: z.uuid() });
export const runIdParam = z.object({ runId: z.uuid() });

const name = z
  .string({ error: 'Name must be text.' })
  .trim()
  .min(1, { error: 'Name is required.' })
  .max(200, { error: 'Name must be at most 200 characters.' });
const description = z
  .string({ error: 'Description must be text.' })
  .max(2000, { error: 'Description must be at most 2000 characters.' });

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
export const createWorkflowBody = z.union([
  graphBody,
  z.object({ template_id: z.uuid({ error: 'Template not found.' }) }).strict(),
]);

/** PUT /workflows/{id} and /workflows/templates/{id}: the graph and the version the edit started from. */
export const updateWorkflowBody = graphBody
  .extend({ version: z.number({ error: 'Version is required.' }).int().min(1) })
  .strict();

/** POST /workflows/{id}/run and /workflows/project/{projectId}/run. */
export const runBody = z
  .object({
    topic: z
      .string({ error: 'Please enter a topic.' })
      .trim()
      .min(1, { error: 'Please enter a topic.' })
      .max(500, { error: 'The topic must be at most 500 characters.' }),
    target_keyword: z
      .string()
      .trim()
      .max(200, { error: 'The target keyword must be at most 200 characters.' })
      .optional(),
    secondary_keywords: z
      .array(z.string().trim().min(1).max(200))
      .max(10, { error: 'You can add a maximum of 10 keywords.' })
      .optional(),
    outline: z.string().max(20_000, { error: 'The outline must be at most 20000 characters.' }).optional(),
    calendar_entry_id: z.uuid().optional(),
    post_id: z
      .uuid({ error: 'Post not found.' })
      .optional()
      .describe(
        "A post of the project to rewrite: the run's save_post node updates it (updated_blog_post) instead of saving a new one",
      ),
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

const tag = 'Workflows';
const noWorkflow = { 404: { description: 'No such workflow in a project of the caller.', schema: errorBody } };
const noTemplate = {
  404: { description: 'No such template (non-admins see published ones only).', schema: errorBody },
};
const noProject = { 404: { description: 'No such project of the caller.', schema: errorBody } };
const noPost = {
  404: {
    description: 'No such project (or workflow) of the caller, or post_id is not a post of the project.',
    schema: errorBody,
  },
};
const viewers = { 403: { description: 'Viewers cannot change this project.', schema: errorBody } };
const admins = (verb: string) => ({
  403: {
    description: `Only admins can ${verb} templates, from their own sign-in (never with an API key).`,
    schema: errorBody,
  },
});
const stale = {
  409: {
    description: 'Someone else saved this workflow since the given version; reload it and try again. Nothing changed.',
    schema: errorBody,
  },
};
const badGraph = {
  422: {
    description:
      'The input was refused, or the graph cannot run (each problem names its node or edge and field); nothing changed.',
    schema: validationErrorBody,
  },
};
const jobsDown = { 503: { description: 'Background jobs are not running; try again later.', schema: errorBody } };
const started = {
  202: {
    description:
      'Queued; poll GET /api/workflows/runs/{runId} (queue_item_id is the id GET /api/queue/status and DELETE /api/queue/items/{id} use).',
    schema: startRunResponse,
  },
};

export const operations = [
  operation({
    method: 'get',
    path: '/api/workflows/blocks',
    tag,
    summary: 'Every block a workflow can use, with the JSON Schemas of its inputs, outputs and config.',
    responses: { 200: { description: 'The blocks.', schema: z.array(blockResponse) } },
  }),
  operation({
    method: 'get',
    path: '/api/workflows/templates',
    tag,
    summary: 'Templates the caller may copy into a project (admins see unpublished ones too), by name.',
    responses: { 200: { description: 'The templates.', schema: z.array(workflowResponse) } },
  }),
  operation({
    method: 'post',
    path: '/api/workflows/templates',
    tag,
    summary: 'Admins create a template, unpublished until published.',
    body: graphBody,
    responses: {
      201: { description: 'The new template.', schema: workflowResponse },
      ...admins('create'),
      ...badGraph,
    },
  }),
  operation({
    method: 'put',
    path: '/api/workflows/templates/{id}',
    tag,
    summary: "Admins save a template's graph over the version the edit started from.",
    params: idParam,
    body: updateWorkflowBody,
    responses: {
      200: { description: 'The saved template (version + 1).', schema: workflowResponse },
      ...admins('change'),
      ...noTemplate,
      ...stale,
      ...badGraph,
    },
  }),
  operation({
    method: 'post',
    path: '/api/workflows/templates/{id}/publish',
    tag,
    summary: 'Admins publish a template: users can copy it. No body.',
    params: idParam,
    responses: { 200: { description: 'The template.', schema: workflowResponse }, ...admins('publish'), ...noTemplate },
  }),
  operation({
    method: 'post',
    path: '/api/workflows/templates/{id}/unpublish',
    tag,
    summary: 'Admins unpublish a template: users no longer see it. No body.',
    params: idParam,
    responses: { 200: { description: 'The template.', schema: workflowResponse }, ...admins('publish'), ...noTemplate },
  }),
  operation({
    method: 'get',
    path: '/api/workflows/runs/project/{projectId}',
    tag,
    summary: "The project's most recent runs, newest first, without node outputs.",
    params: projectIdParam,
    query: runsQuery,
    responses: { 200: { description: 'Newest first.', schema: z.array(runSummaryResponse) }, ...noProject },
  }),
  operation({
    method: 'get',
    path: '/api/workflows/runs/{runId}',
    tag,
    summary: "A run with each node's status and output, in the graph's order.",
    params: runIdParam,
    responses: {
      200: { description: 'The run.', schema: runResponse },
      404: { description: 'No such run in a project of the caller.', schema: errorBody },
    },
  }),
  operation({
    method: 'get',
    path: '/api/workflows/project/{projectId}',
    tag,
    summary: "The project's workflows, the default first, then the most recently changed.",
    params: projectIdParam,
    responses: { 200: { description: 'The workflows.', schema: z.array(workflowSummaryResponse) }, ...noProject },
  }),
  operation({
    method: 'post',
    path: '/api/workflows/project/{projectId}',
    tag,
    summary:
      'Creates a workflow in the project (owners, editors): a graph of its own, or a copy of a published template ({ template_id }).',
    params: projectIdParam,
    body: createWorkflowBody,
    responses: {
      201: { description: 'The new workflow.', schema: workflowResponse },
      ...viewers,
      404: { description: 'No such project of the caller, or no such template.', schema: errorBody },
      ...badGraph,
    },
  }),
  operation({
    method: 'post',
    path: '/api/workflows/project/{projectId}/run',
    tag,
    summary:
      'Queues a run of the project\'s default workflow (copied from the "Blog post" template on first use) for a topic (owners, editors).',
    params: projectIdParam,
    body: runBody,
    responses: { ...started, ...viewers, ...noPost, ...badGraph, ...jobsDown, ...throttled('workflow runs') },
  }),
  operation({
    method: 'get',
    path: '/api/workflows/{id}',
    tag,
    summary: 'One workflow (or a template the caller may see) for the builder.',
    params: idParam,
    responses: { 200: { description: 'The workflow.', schema: workflowResponse }, ...noWorkflow },
  }),
  operation({
    method: 'put',
    path: '/api/workflows/{id}',
    tag,
    summary:
      "Saves the builder's graph over the version the edit started from (owners, editors); a newer save is never overwritten.",
    params: idParam,
    body: updateWorkflowBody,
    responses: {
      200: { description: 'The saved workflow (version + 1).', schema: workflowResponse },
      403: {
        description: 'Viewers cannot change this project (and only admins can change templates).',
        schema: errorBody,
      },
      ...noWorkflow,
      ...stale,
      ...badGraph,
    },
  }),
  operation({
    method: 'delete',
    path: '/api/workflows/{id}',
    tag,
    summary: 'Deletes a workflow of a project (owners, editors); its runs keep their own copy of the graph.',
    params: idParam,
    responses: {
      200: { description: '"Workflow deleted".', schema: messageResponse },
      403: {
        description: 'Viewers cannot change this project (and only admins can change templates).',
        schema: errorBody,
      },
      ...noWorkflow,
    },
  }),
  operation({
    method: 'post',
    path: '/api/workflows/{id}/run',
    tag,
    summary: "Queues a run of this workflow of the caller's project for a topic (owners, editors).",
    params: idParam,
    body: runBody,
    responses: { ...started, ...viewers, ...noPost, ...badGraph, ...jobsDown, ...throttled('workflow runs') },
  }),
];
