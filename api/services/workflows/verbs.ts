import type { ServiceContext } from '../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { authorize } from '../authorize.ts';
import { assertAdmin, hasAdminRights } from '../signed-in.ts';
import { graphIssues, type GraphEdge, type GraphNode } from './graph.ts';
import {
  deleteProjectWorkflow,
  insertWorkflow,
  selectProjectWorkflows,
  selectTemplates,
  selectWorkflow,
  updateTemplatePublished,
  updateWorkflowGraph,
  type Workflow,
  type WorkflowSummary,
} from './queries/workflows.ts';
import { creditedUserId } from '../actor.ts';

const NOT_FOUND = 'Workflow not found.';
const TEMPLATE_NOT_FOUND = 'Template not found.';
const STALE =
  'This workflow was changed by someone else since you opened it. Reload it to see their changes, then try again.';

export interface GraphInput {
  name: string;
  description?: string | undefined;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** Refuses a graph that cannot run, naming the node (or edge) and field of each problem. */
function assertValidGraph(graph: { nodes: GraphNode[]; edges: GraphEdge[] }): void {
  const issues = graphIssues(graph);
  if (issues.length) throw new ValidationError(issues);
}

/** A project workflow the caller may read (or write); templates and foreign workflows are the same 404. */
async function projectWorkflow(ctx: ServiceContext, id: string, action: 'read' | 'write'): Promise<Workflow> {
  const workflow = await selectWorkflow(ctx.sql, id);
  if (!workflow) throw new NotFoundError(NOT_FOUND);
  if (workflow.is_template) {
    if (action === 'write') assertAdmin(ctx, 'Only admins can change templates.');
    if (!workflow.is_published && !hasAdminRights(ctx)) throw new NotFoundError(NOT_FOUND);
    return workflow;
  }
  if (!workflow.project_id) throw new NotFoundError(NOT_FOUND); // a workflow is a template or has a project
  await authorize(ctx, workflow.project_id, action, NOT_FOUND);
  return workflow;
}

/** The project's workflows for the list page. */
export async function listWorkflows({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string };
}): Promise<WorkflowSummary[]> {
  await authorize(ctx, input.projectId, 'read');
  return selectProjectWorkflows(ctx.sql, input.projectId);
}

/** One workflow (or a template the caller may see) for the builder. */
export async function getWorkflow({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<Workflow> {
  return projectWorkflow(ctx, input.id, 'read');
}

/** A new workflow in the project: a graph of its own, or a copy of a published template. */
export async function createWorkflow({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string } & ({ graph: GraphInput } | { templateId: string });
}): Promise<Workflow> {
  await authorize(ctx, input.projectId, 'write');
  if ('templateId' in input) {
    const template = await selectWorkflow(ctx.sql, input.templateId);
    if (!template?.is_template || (!template.is_published && !hasAdminRights(ctx)))
      throw new NotFoundError(TEMPLATE_NOT_FOUND);
    return insertWorkflow(ctx.sql, {
      projectId: input.projectId,
      name: template.name,
      description: template.description,
      nodes: template.nodes,
      edges: template.edges,
      userId: creditedUserId(ctx),
      sourceTemplateId: template.id,
    });
  }
  assertValidGraph(input.graph);
  return insertWorkflow(ctx.sql, {
    projectId: input.projectId,
    ...input.graph,
    description: input.graph.description ?? '',
    userId: creditedUserId(ctx),
  });
}

/** Saves the builder's graph over the version it started from; someone else's newer save is never overwritten. */
export async function updateWorkflow({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: string; graph: GraphInput; version: number; template?: boolean };
}): Promise<Workflow> {
  const workflow = await projectWorkflow(ctx, input.id, 'write');
  if (Boolean(input.template) !== workflow.is_template)
    throw new NotFoundError(input.template ? TEMPLATE_NOT_FOUND : NOT_FOUND);
  assertValidGraph(input.graph);
  const saved = await updateWorkflowGraph(ctx.sql, input.id, input.version, {
    ...input.graph,
    description: input.graph.description ?? workflow.description,
  });
  if (!saved) throw new ConflictError(STALE);
  return saved;
}

/** Deletes a project workflow (runs keep their own copy of the graph). */
export async function deleteWorkflow({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: string };
}): Promise<{ message: string }> {
  const workflow = await projectWorkflow(ctx, input.id, 'write');
  if (workflow.is_template || !workflow.project_id) throw new NotFoundError(NOT_FOUND);
  await deleteProjectWorkflow(ctx.sql, workflow.project_id, input.id);
  return { message: 'Workflow deleted' };
}

/** Templates the caller may copy (admins see unpublished ones too). */
export async function listTemplates({ ctx }: { ctx: ServiceContext; input?: object }): Promise<Workflow[]> {
  return selectTemplates(ctx.sql, hasAdminRights(ctx));
}

/** A new template (admins only), unpublished until published. */
export async function createTemplate({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { graph: GraphInput };
}): Promise<Workflow> {
  assertAdmin(ctx, 'Only admins can create templates.');
  assertValidGraph(input.graph);
  return insertWorkflow(ctx.sql, {
    projectId: null,
    ...input.graph,
    description: input.graph.description ?? '',
    userId: creditedUserId(ctx),
  });
}

/** Publishes or unpublishes a template (admins only): published templates are what users copy. */
export async function setTemplatePublished({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: string; published: boolean };
}): Promise<Workflow> {
  assertAdmin(ctx, 'Only admins can publish templates.');
  const saved = await updateTemplatePublished(ctx.sql, input.id, input.published);
  if (!saved) throw new NotFoundError(TEMPLATE_NOT_FOUND);
  return saved;
}
