import { z } from 'zod';
import { workflow } from '../../../src/lib/workflows/schema.ts';
import { defineRoute } from '../../lib/route.ts';
import { createTemplate, listTemplates, setTemplatePublished, updateWorkflow } from '../../services/workflows/verbs.ts';
import { admins, badGraph, graphBody, noTemplate, stale, tag, templateIdParam, updateWorkflowBody } from './schema.ts';

/** GET /api/workflows/templates: the templates the caller may copy. */
export const listTemplatesRoute = defineRoute({
  method: 'get',
  path: '/api/workflows/templates',
  tag,
  summary: 'Templates the caller may copy into a project (admins see unpublished ones too), by name.',
  responses: { 200: { description: 'The templates.', schema: z.array(workflow) } },
  handler: async (c) => c.json(await listTemplates({ ctx: c.get('ctx') })),
});

/** POST /api/workflows/templates: admins create a template. */
export const createTemplateRoute = defineRoute({
  method: 'post',
  path: '/api/workflows/templates',
  tag,
  summary: 'Admins create a template, unpublished until published.',
  body: graphBody,
  responses: { 201: { description: 'The new template.', schema: workflow }, ...admins('create'), ...badGraph },
  handler: async (c, { body }) => c.json(await createTemplate({ ctx: c.get('ctx'), input: { graph: body } }), 201),
});

/** PUT /api/workflows/templates/{id}: admins save a template's graph. */
export const updateTemplateRoute = defineRoute({
  method: 'put',
  path: '/api/workflows/templates/{id}',
  tag,
  summary: "Admins save a template's graph over the version the edit started from.",
  params: templateIdParam,
  body: updateWorkflowBody,
  responses: {
    200: { description: 'The saved template (version + 1).', schema: workflow },
    ...admins('change'),
    ...noTemplate,
    ...stale,
    ...badGraph,
  },
  handler: async (c, { params, body }) => {
    const { version, ...graph } = body;
    return c.json(
      await updateWorkflow({ ctx: c.get('ctx'), input: { id: params.id, graph, version, template: true } }),
    );
  },
});

/** POST /api/workflows/templates/{id}/publish and …/unpublish: admins show or hide a template to users. */
function publishRoute(published: boolean) {
  return defineRoute({
    method: 'post',
    path: `/api/workflows/templates/{id}/${published ? 'publish' : 'unpublish'}`,
    tag,
    summary: published
      ? 'Admins publish a template: users can copy it. No body.'
      : 'Admins unpublish a template: users no longer see it. No body.',
    params: templateIdParam,
    responses: { 200: { description: 'The template.', schema: workflow }, ...admins('publish'), ...noTemplate },
    handler: async (c, { params }) =>
      c.json(await setTemplatePublished({ ctx: c.get('ctx'), input: { id: params.id, published } })),
  });
}
export const publishTemplateRoute = publishRoute(true);
export const unpublishTemplateRoute = publishRoute(false);
