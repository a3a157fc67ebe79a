import { z } from 'zod';
import { queueStatus } from '../../../src/lib/workflows/schema.ts';
import { errorBody, validationErrorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { cancelQueueItem, getQueueStatus } from '../../services/workflows/queue.ts';

/** GET /api/queue/status: the selected project's queued and processing runs (spec §7). */
export const queueStatusRoute = defineRoute({
  method: 'get',
  path: '/api/queue/status',
  tag: 'Queue',
  summary:
    "The selected project's open runs: queued (waiting for a worker or the project's limit) or processing, oldest first.",
  projectHeader: true,
  responses: {
    200: { description: 'Up to 100 open runs.', schema: queueStatus },
    404: { description: 'X-Project-ID names no project of the caller.', schema: errorBody },
    422: { description: 'No X-Project-ID header: "Please select a project first."', schema: validationErrorBody },
  },
  handler: async (c) => c.json(await getQueueStatus({ ctx: c.get('ctx') })),
});

/** DELETE /api/queue/items/{id}: cancels a run that has not started (owners, editors). */
export const cancelQueueItemRoute = defineRoute({
  method: 'delete',
  path: '/api/queue/items/{id}',
  tag: 'Queue',
  summary: 'Cancels a queued run (owners, editors): it never starts. A run that has started cannot be cancelled.',
  params: z.object({ id: z.string() }),
  responses: {
    200: { description: 'Cancelled.', schema: z.object({ message: z.literal('Queued task cancelled') }) },
    403: { description: 'Viewers cannot change this project.', schema: errorBody },
    404: {
      description: '"Task not found in queue": no such run in a project of the caller, or it was cancelled already.',
      schema: errorBody,
    },
    409: { description: '"Task already started and cannot be cancelled".', schema: errorBody },
  },
  handler: async (c, { params }) => c.json(await cancelQueueItem({ ctx: c.get('ctx'), input: { id: params.id } })),
});

/** /api/queue: the selected project's queue. */
export const queueRoutes = [queueStatusRoute, cancelQueueItemRoute];
