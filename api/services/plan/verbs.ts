import type { ServiceContext } from '../../lib/context.ts';
import { NotFoundError, UnavailableError } from '../../lib/errors.ts';
import { addDays, localParts } from '../calendar/dates.ts';
import { authorize } from '../authorize.ts';
import { selectPrompt } from '../prompts/queries.ts';
import { NO_STYLE_GUIDE, PLAN_QUEUED } from './messages.ts';
import { failPlanTask } from './process.ts';
import {
  insertPlanTask,
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
 * already under way for the project is answered with its own task id, so a double click plans once.
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
  const open = await selectOpenProjectPlanTask(ctx.sql, input.projectId, jobs.named(PLAN_QUEUE));
  if (open) return { task_id: open };
  const timeZone = await projectTimeZone(ctx.sql, input.projectId);
  const startDate = addDays(localParts(input.now ?? new Date(), timeZone).day, 1);
  const taskId = await insertPlanTask(ctx.sql, {
    projectId: input.projectId,
    promptId: prompt.id,
    userId: creditedUserId(ctx),
    message: PLAN_QUEUED,
    startDate,
    queue: jobs.named(PLAN_QUEUE),
  });
  let jobId: string;
  try {
    jobId = await jobs.send(PLAN_QUEUE, { task_id: taskId });
  } catch (error) {
    await failPlanTask(ctx.sql, taskId, `not queued: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  }
  await setPlanTaskJob(ctx.sql, taskId, jobId);
  return { task_id: taskId };
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
