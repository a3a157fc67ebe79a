import { z } from 'zod';
import { runSummary, workflowRun } from '../../../src/lib/workflows/schema.ts';
import { errorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { getRun, listRuns } from '../../services/workflows/runs.ts';
import { startRunOfWorkflow, startWorkflowRun } from '../../services/workflows/start-run.ts';
import {
  badGraph,
  jobsDown,
  noPost,
  noProject,
  projectIdParam,
  runBody,
  runIdParam,
  runsQuery,
  started,
  tag,
  viewers,
  workflowIdParam,
} from './schema.ts';

/** GET /api/workflows/runs/project/{projectId}: the project's recent runs. */
export const listRunsRoute = defineRoute({
  method: 'get',
  path: '/api/workflows/runs/project/{projectId}',
  tag,
  summary: "The project's most recent runs, newest first, without node outputs.",
  params: projectIdParam,
  query: runsQuery,
  responses: { 200: { description: 'Newest first.', schema: z.array(runSummary) }, ...noProject },
  handler: async (c, { params, query }) =>
    c.json(await listRuns({ ctx: c.get('ctx'), input: { projectId: params.projectId, limit: query.limit } })),
});

/** GET /api/workflows/runs/{runId}: a run with each node's status and output. */
export const getRunRoute = defineRoute({
  method: 'get',
  path: '/api/workflows/runs/{runId}',
  tag,
  summary: "A run with each node's status and output, in the graph's order.",
  params: runIdParam,
  responses: {
    200: { description: 'The run.', schema: workflowRun },
    404: { description: 'No such run in a project of the caller.', schema: errorBody },
  },
  handler: async (c, { params }) => c.json(await getRun({ ctx: c.get('ctx'), input: { runId: params.runId } })),
});

/** POST /api/workflows/project/{projectId}/run: a run of the project's default workflow for a topic. */
export const runDefaultWorkflowRoute = defineRoute({
  method: 'post',
  path: '/api/workflows/project/{projectId}/run',
  tag,
  summary:
    'Queues a run of the project\'s default workflow (copied from the "Blog post" template on first use) for a topic (owners, editors).',
  params: projectIdParam,
  body: runBody,
  responses: { ...started, ...viewers, ...noPost, ...badGraph, ...jobsDown },
  handler: async (c, { params, body }) =>
    c.json(await startWorkflowRun({ ctx: c.get('ctx'), input: { projectId: params.projectId, ...body } }), 202),
});

/** POST /api/workflows/{id}/run: a run of this workflow for a topic. */
export const runWorkflowRoute = defineRoute({
  method: 'post',
  path: '/api/workflows/{id}/run',
  tag,
  summary: "Queues a run of this workflow of the caller's project for a topic (owners, editors).",
  params: workflowIdParam,
  body: runBody,
  responses: { ...started, ...viewers, ...noPost, ...badGraph, ...jobsDown },
  handler: async (c, { params, body }) =>
    c.json(await startRunOfWorkflow({ ctx: c.get('ctx'), input: { workflowId: params.id, ...body } }), 202),
});
