import { z } from 'zod';
import { workflow, workflowSummary } from '../../../src/lib/workflows/schema.ts';
import { errorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { createWorkflow, listWorkflows } from '../../services/workflows/verbs.ts';
import { badGraph, createWorkflowBody, noProject, projectIdParam, tag, viewers } from './schema.ts';

/** GET /api/workflows/project/{projectId}: the project's workflows. */
export const listWorkflowsRoute = defineRoute({
  method: 'get',
  path: '/api/workflows/project/{projectId}',
  tag,
  summary: "The project's workflows, the default first, then the most recently changed.",
  params: projectIdParam,
  responses: { 200: { description: 'The workflows.', schema: z.array(workflowSummary) }, ...noProject },
  handler: async (c, { params }) =>
    c.json(await listWorkflows({ ctx: c.get('ctx'), input: { projectId: params.projectId } })),
});

/** POST /api/workflows/project/{projectId}: a workflow of its own, or a copy of a published template. */
export const createWorkflowRoute = defineRoute({
  method: 'post',
  path: '/api/workflows/project/{projectId}',
  tag,
  summary:
    'Creates a workflow in the project (owners, editors): a graph of its own, or a copy of a published template ({ template_id }).',
  params: projectIdParam,
  body: createWorkflowBody,
  responses: {
    201: { description: 'The new workflow.', schema: workflow },
    ...viewers,
    404: { description: 'No such project of the caller, or no such template.', schema: errorBody },
    ...badGraph,
  },
  handler: async (c, { params, body }) => {
    const { projectId } = params;
    const input = 'template_id' in body ? { projectId, templateId: body.template_id } : { projectId, graph: body };
    return c.json(await createWorkflow({ ctx: c.get('ctx'), input }), 201);
  },
});
