import { z } from 'zod';

export const queueItemParam = z.object({ id: z.string() });

export const queueStatusResponse = z.object({
  items: z.array(z.object({ id: z.uuid(), run_id: z.uuid(), state: z.enum(['queued', 'processing']), created_at: z.iso.datetime({ offset: true }) })),
  processing_count: z.number().int(),
});

export const queueCancelResponse = z.object({ message: z.literal('Queued task cancelled') });
