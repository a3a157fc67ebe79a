import { workflow } from '../../../src/lib/workflows/schema.ts';
import { errorBody, messageBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { deleteWorkflow, getWorkflow, updateWorkflow } from '../../services/workflows/verbs.ts';
import { badGraph, noWorkflow, stale, tag, updateWorkflowBody, workflowIdParam } from './schema.ts';

const viewersAndTemplates = {
  403: {
    description: 'Viewers cannot change this project (and only admins can change templates).',
    schema: errorBody,
  },
};

/** GET /api/workflows/{id}: one workflow (or a template the caller may see) for the builder. */
export const getWorkflowRoute = defineRoute({
  method: 'get',
  path: '/api/workflows/{id}',
  tag,
  summary: 'One workflow (or a template the caller may see) for the builder.',
  params: workflowIdParam,
  responses: { 200: { description: 'The workflow.', schema: workflow }, ...noWorkflow },
  handler: async (c, { params }) => c.json(await getWorkflow({ ctx: c.get('ctx'), input: { id: params.id } })),
});

/** PUT /api/workflows/{id}: saves the builder's graph over the version the edit started from. */
export const updateWorkflowRoute = defineRoute({
  method: 'put',
  path: '/api/workflows/{id}',
  tag,
  summary:
    "Saves the builder's graph over the version the edit started from (owners, editors); a newer save is never overwritten.",
  params: workflowIdParam,
  body: updateWorkflowBody,
  responses: {
    200: { description: 'The saved workflow (version + 1).', schema: workflow },
    ...viewersAndTemplates,
    ...noWorkflow,
    ...stale,
    ...badGraph,
  },
  handler: async (c, { params, body }) => {
    const { version, ...graph } = body;
    return c.json(await updateWorkflow({ ctx: c.get('ctx'), input: { id: params.id, graph, version } }));
  },
});

/** DELETE /api/workflows/{id}: deletes a workflow of a project; its runs keep their copy of the graph. */
export const deleteWorkflowRoute = defineRoute({
  method: 'delete',
  path: '/api/workflows/{id}',
  tag,
  summary: 'Deletes a workflow of a project (owners, editors); its runs keep their own copy of the graph.',
  params: workflowIdParam,
  responses: {
    200: { description: '"Workflow deleted".', schema: messageBody },
    ...viewersAndTemplates,
    ...noWorkflow,
  },
  handler: async (c, { params }) => c.json(await deleteWorkflow({ ctx: c.get('ctx'), input: { id: params.id } })),
});
