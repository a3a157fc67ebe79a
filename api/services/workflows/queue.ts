import type { QueueItem, QueueStatus as QueueStatusEntity } from '../../../src/lib/workflows/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import type { Stored } from '../../lib/stored.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { authorize } from '../authorize.ts';
import { skipPendingNodes } from './queries/node-runs.ts';
import { cancelPendingRun, selectOpenProjectRuns, selectRunJob, selectRunStatus } from './queries/runs.ts';
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
  const items = await selectOpenProjectRuns(ctx.sql, ctx.project.id, MAX_ITEMS);
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
  const run = await selectRunJob(ctx.sql, input.id);
  if (!run) throw new NotFoundError(QUEUE_NOT_FOUND);
  await authorize(ctx, run.project_id, 'write', QUEUE_NOT_FOUND);
  // The row decides: a worker claims a run with the same conditional update, so exactly one of the two wins.
  if (!(await cancelPendingRun(ctx.sql, run.project_id, input.id))) {
    if ((await selectRunStatus(ctx.sql, run.project_id, input.id)) === 'cancelled')
      throw new NotFoundError(QUEUE_NOT_FOUND);
    throw new ConflictError(QUEUE_STARTED);
  }
  await skipPendingNodes(ctx.sql, input.id);
  // Best effort: a job left behind finds its run cancelled and does nothing.
  if (run.job_id && ctx.jobs?.cancel) await ctx.jobs.cancel(WORKFLOW_QUEUE, run.job_id).catch(() => false);
  return { message: QUEUE_CANCELLED };
}
