import { project } from '../../../src/lib/projects/schema.ts';
import { defineRoute } from '../../lib/route.ts';
import { createProject } from '../../services/projects/verbs.ts';
import { createProjectBody } from './schema.ts';

/** POST /api/projects: a new project owned by the caller. */
export const createProjectRoute = defineRoute({
  method: 'post',
  path: '/api/projects',
  tag: 'Projects',
  summary: 'Creates a project owned by the caller.',
  body: createProjectBody,
  responses: { 201: { description: 'The new project.', schema: project } },
  handler: async (c, { body }) => c.json(await createProject({ ctx: c.get('ctx'), input: body }), 201),
});
