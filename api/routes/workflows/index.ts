import { Hono } from 'hono';
import { describeBlocks } from '../../blocks/index.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { AppEnv } from '../../lib/hono.ts';
import { parseJson, parseWith } from '../../lib/validate.ts';
import { getRun, listRuns } from '../../services/workflows/runs.ts';
import { startRunOfWorkflow, startWorkflowRun } from '../../services/workflows/start-run.ts';
import {
  createTemplate,
  createWorkflow,
  deleteWorkflow,
  getWorkflow,
  listTemplates,
  listWorkflows,
  setTemplatePublished,
  updateWorkflow,
} from '../../services/workflows/verbs.ts';
import {
  createWorkflowBody,
  graphBody,
  idParam,
  projectIdParam,
  runBody,
  runIdParam,
  runsQuery,
  updateWorkflowBody,
} from './schema.ts';

const param = <T>(
  schema: { safeParse: (value: unknown) => { success: boolean; data?: T } },
  value: unknown,
  message: string,
): T => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new NotFoundError(message);
  return parsed.data as T;
};
const workflowId = (c: { req: { param: () => Record<string, string> } }) =>
  param(idParam, c.req.param(), 'Workflow not found.').id;
const templateId = (c: { req: { param: () => Record<string, string> } }) =>
  param(idParam, c.req.param(), 'Template not found.').id;
const projectId = (c: { req: { param: () => Record<string, string> } }) =>
  param(projectIdParam, c.req.param(), 'Project not found.').projectId;

/** /api/workflows: blocks, project workflows, templates and runs (issue 13). */
export const workflowsRoutes = new Hono<AppEnv>()
  .get('/blocks', (c) => c.json(describeBlocks()))
  .get('/templates', async (c) => c.json(await listTemplates({ ctx: c.get('ctx') })))
  .post('/templates', async (c) => {
    const graph = await parseJson(c, graphBody);
    return c.json(await createTemplate({ ctx: c.get('ctx'), input: { graph } }), 201);
  })
  .put('/templates/:id', async (c) => {
    const id = templateId(c);
    const { version, ...graph } = await parseJson(c, updateWorkflowBody);
    return c.json(await updateWorkflow({ ctx: c.get('ctx'), input: { id, graph, version, template: true } }));
  })
  .post('/templates/:id/publish', async (c) =>
    c.json(await setTemplatePublished({ ctx: c.get('ctx'), input: { id: templateId(c), published: true } })),
  )
  .post('/templates/:id/unpublish', async (c) =>
    c.json(await setTemplatePublished({ ctx: c.get('ctx'), input: { id: templateId(c), published: false } })),
  )
  .get('/runs/project/:projectId', async (c) => {
    const { limit } = parseWith(runsQuery, c.req.query(), 'query');
    return c.json(await listRuns({ ctx: c.get('ctx'), input: { projectId: projectId(c), limit } }));
  })
  .get('/runs/:runId', async (c) =>
    c.json(
      await getRun({ ctx: c.get('ctx'), input: { runId: param(runIdParam, c.req.param(), 'Run not found.').runId } }),
    ),
  )
  .get('/project/:projectId', async (c) =>
    c.json(await listWorkflows({ ctx: c.get('ctx'), input: { projectId: projectId(c) } })),
  )
  .post('/project/:projectId', async (c) => {
    const id = projectId(c);
    const body = await parseJson(c, createWorkflowBody);
    const input =
      'template_id' in body ? { projectId: id, templateId: body.template_id } : { projectId: id, graph: body };
    return c.json(await createWorkflow({ ctx: c.get('ctx'), input }), 201);
  })
  .post('/project/:projectId/run', async (c) => {
    const id = projectId(c);
    const body = await parseJson(c, runBody);
    return c.json(await startWorkflowRun({ ctx: c.get('ctx'), input: { projectId: id, ...body } }), 202);
  })
  .get('/:id', async (c) => c.json(await getWorkflow({ ctx: c.get('ctx'), input: { id: workflowId(c) } })))
  .put('/:id', async (c) => {
    const id = workflowId(c);
    const { version, ...graph } = await parseJson(c, updateWorkflowBody);
    return c.json(await updateWorkflow({ ctx: c.get('ctx'), input: { id, graph, version } }));
  })
  .delete('/:id', async (c) => c.json(await deleteWorkflow({ ctx: c.get('ctx'), input: { id: workflowId(c) } })))
  .post('/:id/run', async (c) => {
    const id = workflowId(c);
    const body = await parseJson(c, runBody);
    return c.json(await startRunOfWorkflow({ ctx: c.get('ctx'), input: { workflowId: id, ...body } }), 202);
  });
