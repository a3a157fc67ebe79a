import { Hono } from 'hono';
import type { AppEnv } from '../../lib/hono.ts';
import { getPlanTask, startPlanTask } from '../../services/plan/verbs.ts';

/** /api/blogs/posts/plan: the 30-day plan task (spec §3 Plan task, §7). Mounted beside the posts router. */
export const planRoutes = new Hono<AppEnv>()
  .get('/status/:taskId', async (c) =>
    c.json(await getPlanTask({ ctx: c.get('ctx'), input: { taskId: c.req.param('taskId') } })),
  )
  .post('/:projectId/:promptId', async (c) => {
    const { projectId, promptId } = c.req.param();
    return c.json(await startPlanTask({ ctx: c.get('ctx'), input: { projectId, promptId } }), 202);
  });
