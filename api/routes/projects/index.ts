import { Hono } from 'hono';
import { NotFoundError } from '../../lib/errors.ts';
import type { AppEnv } from '../../lib/hono.ts';
import { parseJson } from '../../lib/validate.ts';
import { createProject, getProject, listProjects } from '../../services/projects/verbs.ts';
import { createProjectBody, projectIdParam } from './schema.ts';

/** /api/projects: list, create, read one. */
export const projectsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await listProjects({ ctx: c.get('ctx') })))
  .post('/', async (c) => {
    const input = await parseJson(c, createProjectBody);
    return c.json(await createProject({ ctx: c.get('ctx'), input }), 201);
  })
  .get('/:id', async (c) => {
    const params = projectIdParam.safeParse(c.req.param());
    if (!params.success) throw new NotFoundError('Project not found.');
    return c.json(await getProject({ ctx: c.get('ctx'), input: params.data }));
  });
