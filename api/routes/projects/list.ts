import { z } from 'zod';
import { project } from '../../../src/lib/projects/schema.ts';
import { defineRoute } from '../../lib/route.ts';
import { listProjects } from '../../services/projects/verbs.ts';

/** GET /api/projects: the caller's projects (the hot path of every workspace page: it declares no input). */
export const listProjectsRoute = defineRoute({
  method: 'get',
  path: '/api/projects',
  tag: 'Projects',
  summary: "The caller's projects with their role (also at /api/projects/).",
  responses: { 200: { description: 'Oldest first.', schema: z.array(project) } },
  handler: async (c) => c.json(await listProjects({ ctx: c.get('ctx') })),
});
