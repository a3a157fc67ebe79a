import type { ServiceContext } from '../../lib/context.ts';
import { NotFoundError, ValidationError, UnavailableError } from '../../lib/errors.ts';
import { resolvesToPublicAddress } from '../../providers/safe-fetch/public-address.ts';
import { authorize } from '../authorize.ts';
import { takeThrottleSlot } from '../throttle/limits.ts';
import { BRAND_ALREADY_RUNNING, BRAND_QUEUED, BRAND_STARTED } from './messages.ts';
import { failBrandTask } from './process.ts';
import type { BrandTaskStarted, BrandTaskStatus } from '../../../src/lib/prompts/schema.ts';
import {
  findOpenBrandTask,
  insertBrandTask,
  lockOpenBrandTask,
  selectBrandTask,
  setBrandTaskJob,
  setProjectBrandUrl,
} from './queries.ts';
import { creditedUserId, forgetOwnProjectList } from '../actor.ts';
import { checkExampleUrls, keepExampleUrls } from '../voice/example-urls.ts';
import { selectBrandTaskExamples } from '../voice/queries.ts';

export const BRAND_QUEUE = 'brand-guide';
const INVALID_URL = 'Please enter a valid URL.';

/** A homepage address as typed ("example.com" included), or null when it cannot be one. */
export function normaliseBrandUrl(raw: string): URL | null {
  const text = raw.trim();
  if (!text || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host.includes('.') && !host.includes(':') && host !== 'localhost') return null;
  url.hash = '';
  return url;
}

/**
 * Queues "crawl this site and write its brand guide"; refuses bad and private addresses before anything is fetched.
 * While the project's analysis is under way, a new start answers that task instead of starting another AI call; past
 * the hourly limits (THROTTLE_BRAND_*) it is 429.
 */
export async function startBrandTask({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  /** Example articles (issue 24): given, they replace the project's; left out, the project's stored ones are read. */
  input: { projectId: string; brandUrl: string; exampleUrls?: string[] | undefined };
}): Promise<BrandTaskStarted> {
  await authorize(ctx, input.projectId, 'write');
  const url = normaliseBrandUrl(input.brandUrl);
  if (!url) throw new ValidationError([{ loc: ['body', 'brand_url'], msg: INVALID_URL, type: 'value_error' }]);
  if (!(await resolvesToPublicAddress(url, { allowLoopback: ctx.config.FETCH_ALLOW_LOOPBACK }))) {
    throw new ValidationError([
      {
        loc: ['body', 'brand_url'],
        msg: 'This address points to a private or local network and cannot be read. Enter your public website.',
        type: 'value_error',
      },
    ]);
  }
  const exampleUrls = input.exampleUrls && (await checkExampleUrls(ctx, input.exampleUrls));
  if (!ctx.jobs) throw new UnavailableError('Background jobs are not running. Please try again later.');
  const jobs = ctx.jobs;
  const queue = jobs.named(BRAND_QUEUE);
  // One analysis per project at a time: a second start (a double click, a script) follows the one under way, and
  // costs nothing. The slot is taken before the transaction, which must not wait for a second pooled connection.
  const running = await findOpenBrandTask(ctx.sql, input.projectId, queue);
  if (running) return { message: BRAND_ALREADY_RUNNING, task_id: running.id };
  const slot = await takeThrottleSlot(ctx, 'brand', input.projectId);
  const started = await ctx.sql
    .begin(async (tx) => {
      const open = await lockOpenBrandTask(tx, input.projectId, queue); // two starts at once make one task
      if (open) return { taskId: open.id, running: true };
      const taskId = await insertBrandTask(tx, {
        projectId: input.projectId,
        userId: creditedUserId(ctx),
        brandUrl: url.href,
        message: BRAND_QUEUED,
        queue,
      });
      await setProjectBrandUrl(tx, input.projectId, url.href);
      await keepExampleUrls(tx, { projectId: input.projectId, taskId, given: exampleUrls });
      return { taskId, running: false };
    })
    .catch(async (error: unknown) => {
      await slot.release();
      throw error;
    });
  if (started.running) await slot.release();
  if (started.running) return { message: BRAND_ALREADY_RUNNING, task_id: started.taskId };
  const taskId = started.taskId;
  let jobId: string;
  try {
    // One group per account: a worker runs one of an account's tasks at a time, so nobody's queue starves the others.
    jobId = await jobs.send(BRAND_QUEUE, { task_id: taskId }, { group: { id: creditedUserId(ctx) } });
  } catch (error) {
    await failBrandTask(ctx.sql, taskId, `not queued: ${error instanceof Error ? error.message : String(error)}`);
    await slot.release();
    throw error;
  }
  await setBrandTaskJob(ctx.sql, taskId, jobId, queue);
  forgetOwnProjectList(ctx);
  return { message: BRAND_STARTED, task_id: taskId };
}

/** Where a brand task is, from its row (never from the queue's internals); members of its project only. */
export async function getBrandTask({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { taskId: string };
}): Promise<BrandTaskStatus> {
  const task = /^[0-9a-f-]{36}$/i.test(input.taskId) ? await selectBrandTask(ctx.sql, input.taskId) : undefined;
  if (!task) throw new NotFoundError('Task not found.');
  await authorize(ctx, task.project_id, 'read', 'Task not found.');
  return {
    task_id: task.id,
    status: task.status,
    message: task.message,
    progress: task.progress,
    stage: task.stage,
    result: task.status === 'complete' && task.result_prompt_id ? { default_prompt_id: task.result_prompt_id } : null,
    reason: task.status === 'error' ? task.reason : null,
    examples: (await selectBrandTaskExamples(ctx.sql, task.id)).example_results,
  };
}
