import { listBlocksRoute } from './blocks.ts';
import { createWorkflowRoute, listWorkflowsRoute } from './project.ts';
import { getRunRoute, listRunsRoute, runDefaultWorkflowRoute, runWorkflowRoute } from './runs.ts';
import {
  createTemplateRoute,
  listTemplatesRoute,
  publishTemplateRoute,
  unpublishTemplateRoute,
  updateTemplateRoute,
} from './templates.ts';
import { deleteWorkflowRoute, getWorkflowRoute, updateWorkflowRoute } from './workflow.ts';

/** /api/workflows: blocks, project workflows, templates and runs (issue 13). Static paths before /{id}. */
export const workflowsRoutes = [
  listBlocksRoute,
  listTemplatesRoute,
  createTemplateRoute,
  updateTemplateRoute,
  publishTemplateRoute,
  unpublishTemplateRoute,
  listRunsRoute,
  getRunRoute,
  listWorkflowsRoute,
  createWorkflowRoute,
  runDefaultWorkflowRoute,
  getWorkflowRoute,
  updateWorkflowRoute,
  deleteWorkflowRoute,
  runWorkflowRoute,
];
