import type { BlockDef, RunInput, Workflow, WorkflowDraft, WorkflowSummary } from '../workflows/types.ts';
import { api } from './client.ts';

/** GET /workflows/blocks: the palette of the builder, each block with its JSON Schemas. */
export function fetchBlocks(): Promise<BlockDef[]> {
  return api.get('workflows/blocks').json<BlockDef[]>();
}

/** GET /workflows/project/{projectId}: the project's workflows. */
export function fetchProjectWorkflows(projectId: string): Promise<WorkflowSummary[]> {
  return api.get(`workflows/project/${projectId}`).json<WorkflowSummary[]>();
}

/** POST /workflows/project/{projectId}: a new workflow, or a copy of a published template. */
export function createWorkflow(projectId: string, input: WorkflowDraft | { template_id: string }): Promise<Workflow> {
  return api.post(`workflows/project/${projectId}`, { json: input }).json<Workflow>();
}

/** GET /workflows/{id}: one workflow with its graph. */
export function fetchWorkflow(id: string): Promise<Workflow> {
  return api.get(`workflows/${id}`).json<Workflow>();
}

/** PUT /workflows/{id}: saves the graph over the version it was loaded at (409 when someone saved since). */
export function saveWorkflow(id: string, input: WorkflowDraft & { version: number }): Promise<Workflow> {
  return api.put(`workflows/${id}`, { json: input }).json<Workflow>();
}

/** DELETE /workflows/{id}. */
export function deleteWorkflow(id: string): Promise<{ message: string }> {
  return api.delete(`workflows/${id}`).json();
}

/** POST /workflows/{id}/run: enqueues a run of this workflow. */
export function runWorkflow(id: string, input: RunInput): Promise<{ run_id: string; queue_item_id: string }> {
  return api.post(`workflows/${id}/run`, { json: input }).json();
}

/** POST /workflows/project/{projectId}/run: runs the project's default workflow (the Blog post template's copy). */
export function runDefaultWorkflow(
  projectId: string,
  input: RunInput,
): Promise<{ run_id: string; queue_item_id: string }> {
  return api.post(`workflows/project/${projectId}/run`, { json: input }).json();
}

/** GET /workflows/templates: published templates (admins: all of them). */
export function fetchTemplates(): Promise<Workflow[]> {
  return api.get('workflows/templates').json<Workflow[]>();
}

/** POST /workflows/templates (admin). */
export function createTemplate(input: WorkflowDraft): Promise<Workflow> {
  return api.post('workflows/templates', { json: input }).json<Workflow>();
}

/** PUT /workflows/templates/{id} (admin). */
export function saveTemplate(id: string, input: WorkflowDraft & { version: number }): Promise<Workflow> {
  return api.put(`workflows/templates/${id}`, { json: input }).json<Workflow>();
}

/** POST /workflows/templates/{id}/publish or /unpublish (admin): offers a template to every project, or stops offering it. */
export function setTemplatePublished(id: string, published: boolean): Promise<Workflow> {
  return api.post(`workflows/templates/${id}/${published ? 'publish' : 'unpublish'}`).json<Workflow>();
}
