import type { QueueItem, QueueStatus as QueueStatusEntity } from '../../../src/lib/workflows/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import type { Stored } from '../../lib/stored.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { authorize } from '../authorize.ts';
import { WORKFLOW_QUEUE } from './runner.ts';

export const QUEUE_CANCELLED = 'Queued task cancelled';
export const QUEUE_STARTED = 'Task already started and cannot be cancelled';
export const QUEUE_NOT_FOUND = 'Task not found in queue';
const MAX_ITEMS = 100;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The selected project's open runs, as stored. */
export type QueueStatus = Omit<QueueStatusEntity, 'items'> & { items: Stored<QueueItem, 'created_at'>[] };

/** The selected project's open runs: queued (waiting for a worker or the project's limit) or processing. */
export async function getQueueStatus({ ctx }: { ctx: ServiceContext; input?: object }): Promise<QueueStatus> {
  if (!ctx.project)
    throw new ValidationError([
      { loc: ['header', 'x-project-id'], msg: 'Please select a project first.', type: 'missing' },
    ]);
  await authorize(ctx, ctx.project.id, 'read');
  const items = await ctx.sql<QueueStatus['items']>`
    select id, id as run_id, case when status = 'pending' then 'queued' else 'processing' end as state, created_at
    from workflow_runs
    where project_id = ${ctx.project.id} and status in ('pending', 'in_progress', 'running')
    order by created_at, id limit ${MAX_ITEMS}`;
  return { items, processing_count: items.filter((item) => item.state === 'processing').length };
}

/** Cancels a queued run: it never starts. A started run cannot be cancelled (409); an unknown one is 404. */
export async function cancelQueueItem({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: string };
}): Promise<{ message: string }> {
  if (!uuid.test(input.id)) throw new NotFoundError(QUEUE_NOT_FOUND);
  const [run] = await ctx.sql<
    { project_id: string; job_id: string | null }[]
  >`select project_id, job_id from workflow_runs where id = ${input.id}`;
  if (!run) throw new NotFoundError(QUEUE_NOT_FOUND);
  await authorize(ctx, run.project_id, 'write', QUEUE_NOT_FOUND);
  // The row decides: a worker claims a run with the same conditional update, so exactly one of the two wins.
  const [cancelled] = await ctx.sql<{ id: string }[]>`
    update workflow_runs set status = 'cancelled', finished_at = now(), updated_at = now()
    where id = ${input.id} and status = 'pending' returning id`;
  if (!cancelled) {
    const [now] = await ctx.sql<{ status: string }[]>`select status from workflow_runs where id = ${input.id}`;
    if (now?.status === 'cancelled') throw new NotFoundError(QUEUE_NOT_FOUND);
    throw new ConflictError(QUEUE_STARTED);
  }
  await ctx.sql`update node_runs set status = 'skipped', error = 'cancelled' where run_id = ${input.id} and status = 'pending'`;
  // Best effort: a job left behind finds its run cancelled and does nothing.
  if (run.job_id && ctx.jobs?.cancel) await ctx.jobs.cancel(WORKFLOW_QUEUE, run.job_id).catch(() => false);
  return { message: QUEUE_CANCELLED };
}
