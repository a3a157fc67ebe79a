import { Hono } from 'hono';
import type { AppEnv } from '../../lib/hono.ts';
import { cancelQueueItem, getQueueStatus } from '../../services/workflows/queue.ts';

/** /api/queue: the selected project's queued and processing runs (spec §7). */
export const queueRoutes = new Hono<AppEnv>()
  .get('/status', async (c) => c.json(await getQueueStatus({ ctx: c.get('ctx') })))
  .delete('/items/:id', async (c) =>
    c.json(await cancelQueueItem({ ctx: c.get('ctx'), input: { id: c.req.param('id') } })),
  );
