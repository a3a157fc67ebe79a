import { Hono } from 'hono';
import { NotFoundError } from '../../lib/errors.ts';
import type { AppEnv } from '../../lib/hono.ts';
import { parseJson } from '../../lib/validate.ts';
import { getBrandTask, startBrandTask } from '../../services/brand/verbs.ts';
import { deleteProject } from '../../services/privacy/delete-project.ts';
import { createProject, getProject, listProjects, updateProject } from '../../services/projects/verbs.ts';
import { brandFetchBody, createProjectBody, deleteProjectBody, projectIdParam, updateProjectBody } from './schema.ts';

function projectId(param: Record<string, string>): string {
  const params = projectIdParam.safeParse(param);
  if (!params.success) throw new NotFoundError('Project not found.');
  return params.data.id;
}

/** /api/projects: list, create, read, update and delete one, brand processing and its task status. */
export const projectsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await listProjects({ ctx: c.get('ctx') })))
  .post('/', async (c) => {
    const input = await parseJson(c, createProjectBody);
    return c.json(await createProject({ ctx: c.get('ctx'), input }), 201);
  })
  .get('/brand-guide/status/:taskId', async (c) =>
    c.json(await getBrandTask({ ctx: c.get('ctx'), input: { taskId: c.req.param('taskId') } })),
  )
  .get('/:id', async (c) => c.json(await getProject({ ctx: c.get('ctx'), input: { id: projectId(c.req.param()) } })))
  .patch('/:id', async (c) => {
    const id = projectId(c.req.param());
    const input = await parseJson(c, updateProjectBody);
    return c.json(await updateProject({ ctx: c.get('ctx'), input: { id, ...input } }));
  })
  .delete('/:id', async (c) => {
    const id = projectId(c.req.param());
    const body = await parseJson(c, deleteProjectBody);
    return c.json(await deleteProject({ ctx: c.get('ctx'), input: { id, confirmName: body.confirm_name } }));
  })
  .post('/:id/brand-fetch-and-generate-guide', async (c) => {
    const id = projectId(c.req.param());
    const body = await parseJson(c, brandFetchBody);
    return c.json(await startBrandTask({ ctx: c.get('ctx'), input: { projectId: id, brandUrl: body.brand_url } }), 202);
  });
