import type { ServiceContext } from '../../lib/context.ts';
import { NotFoundError, UnavailableError } from '../../lib/errors.ts';
import { addDays, localParts } from '../calendar/dates.ts';
import { authorize } from '../authorize.ts';
import { selectPrompt } from '../prompts/queries.ts';
import { NO_STYLE_GUIDE, PLAN_QUEUED } from './messages.ts';
import { failPlanTask } from './process.ts';
import { takeThrottleSlot } from '../throttle/limits.ts';
import {
  insertPlanTask,
  lockOpenProjectPlanTask,
  projectTimeZone,
  selectOpenProjectPlanTask,
  selectPlanTask,
  setPlanTaskJob,
} from './queries.ts';
import { creditedUserId } from '../actor.ts';
import type { PlanTaskStatus } from '../../../src/lib/calendar/schema.ts';

export const PLAN_QUEUE = 'content-plan';

/**
 * Queues "plan the next 30 days from this style guide" (the days start tomorrow in the project's time zone). A plan
 * already under way for the project is answered with its own task id, so a double click plans once; past the hourly
 * limits (THROTTLE_PLANS_*) it is 429.
 */
export async function startPlanTask({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string; promptId: string; now?: Date };
}): Promise<{ task_id: string }> {
  await authorize(ctx, input.projectId, 'write');
  const prompt = /^[0-9a-f-]{36}$/i.test(input.promptId) ? await selectPrompt(ctx.sql, input.promptId) : undefined;
  if (!prompt || prompt.project_id !== input.projectId) throw new NotFoundError(NO_STYLE_GUIDE);
  if (!ctx.jobs) throw new UnavailableError('Background jobs are not running. Please try again later.');
  const jobs = ctx.jobs;
  const queue = jobs.named(PLAN_QUEUE);
  const timeZone = await projectTimeZone(ctx.sql, input.projectId);
  const startDate = addDays(localParts(input.now ?? new Date(), timeZone).day, 1);
  // A plan under way answers for the project and costs nothing. The slot is taken before the transaction, which must
  // not wait for a second pooled connection.
  const running = await selectOpenProjectPlanTask(ctx.sql, input.projectId, queue);
  if (running) return { task_id: running };
  const slot = await takeThrottleSlot(ctx, 'plan', input.projectId);
  const started = await ctx.sql
    .begin(async (tx) => {
      const open = await lockOpenProjectPlanTask(tx, input.projectId, queue); // two starts at once plan once
      if (open) return { taskId: open, running: true };
      const taskId = await insertPlanTask(tx, {
        projectId: input.projectId,
        promptId: prompt.id,
        userId: creditedUserId(ctx),
        message: PLAN_QUEUED,
        startDate,
        queue,
      });
      return { taskId, running: false };
    })
    .catch(async (error: unknown) => {
      await slot.release();
      throw error;
    });
  if (started.running) await slot.release();
  if (started.running) return { task_id: started.taskId };
  let jobId: string;
  try {
    // In its account's group: a worker runs one plan of an account at a time (api/jobs/fair-work.ts).
    jobId = await jobs.send(PLAN_QUEUE, { task_id: started.taskId }, { group: { id: creditedUserId(ctx) } });
  } catch (error) {
    await failPlanTask(
      ctx.sql,
      started.taskId,
      `not queued: ${error instanceof Error ? error.message : String(error)}`,
    );
    await slot.release();
    throw error;
  }
  await setPlanTaskJob(ctx.sql, started.taskId, jobId);
  return { task_id: started.taskId };
}

/** Where a plan task is, from its row (never from the queue's internals); members of its project only. */
export async function getPlanTask({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { taskId: string };
}): Promise<PlanTaskStatus> {
  const task = /^[0-9a-f-]{36}$/i.test(input.taskId) ? await selectPlanTask(ctx.sql, input.taskId) : undefined;
  if (!task) throw new NotFoundError('Task not found.');
  await authorize(ctx, task.project_id, 'read', 'Task not found.');
  return { task_id: task.id, status: task.status, message: task.message };
}
