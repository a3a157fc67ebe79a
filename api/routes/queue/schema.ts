import { z } from 'zod';
import { errorBody, operation, validationErrorBody } from '../../lib/openapi.ts';

export const queueItemParam = z.object({ id: z.string() });

export const queueStatusResponse = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      run_id: z.uuid(),
      state: z.enum(['queued', 'processing']),
      created_at: z.iso.datetime({ offset: true }),
    }),
  ),
  processing_count: z.number().int(),
});

export const queueCancelResponse = z.object({ message: z.literal('Queued task cancelled') });

export const operations = [
  operation({
    method: 'get',
    path: '/api/queue/status',
    tag: 'Queue',
    summary:
      "The selected project's open runs: queued (waiting for a worker or the project's limit) or processing, oldest first.",
    projectHeader: true,
    responses: {
      200: { description: 'Up to 100 open runs.', schema: queueStatusResponse },
      404: { description: 'X-Project-ID names no project of the caller.', schema: errorBody },
      422: { description: 'No X-Project-ID header: "Please select a project first."', schema: validationErrorBody },
    },
  }),
  operation({
    method: 'delete',
    path: '/api/queue/items/{id}',
    tag: 'Queue',
    summary: 'Cancels a queued run (owners, editors): it never starts. A run that has started cannot be cancelled.',
    params: queueItemParam,
    responses: {
      200: { description: 'Cancelled.', schema: queueCancelResponse },
      403: { description: 'Viewers cannot change this project.', schema: errorBody },
      404: {
        description: '"Task not found in queue": no such run in a project of the caller, or it was cancelled already.',
        schema: errorBody,
      },
      409: { description: '"Task already started and cannot be cancelled".', schema: errorBody },
    },
  }),
];
