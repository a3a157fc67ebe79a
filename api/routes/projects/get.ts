import { project } from '../../../src/lib/projects/schema.ts';
import { defineRoute } from '../../lib/route.ts';
import { getProject } from '../../services/projects/verbs.ts';
import { notFound, projectIdParam } from './schema.ts';

/** GET /api/projects/{id}. */
export const getProjectRoute = defineRoute({
  method: 'get',
  path: '/api/projects/{id}',
  tag: 'Projects',
  summary: 'One project with the caller’s role.',
  params: projectIdParam,
  responses: { 200: { description: 'The project.', schema: project }, ...notFound },
  handler: async (c, { params }) => c.json(await getProject({ ctx: c.get('ctx'), input: { id: params.id } })),
});
