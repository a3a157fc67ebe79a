import type { ServiceContext } from '../../lib/context.ts';
import { NotFoundError, ValidationError, UnavailableError } from '../../lib/errors.ts';
import { resolvesToPublicAddress } from '../../providers/safe-fetch/public-address.ts';
import { authorize } from '../authorize.ts';
import { BRAND_QUEUED, BRAND_STARTED } from './messages.ts';
import { failBrandTask } from './process.ts';
import type { BrandTaskStarted, BrandTaskStatus } from '../../../src/lib/prompts/schema.ts';
import { insertBrandTask, selectBrandTask, setBrandTaskJob, setProjectBrandUrl } from './queries.ts';
import { creditedUserId, forgetOwnProjectList } from '../actor.ts';

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

/** Queues "crawl this site and write its brand guide"; refuses bad and private addresses before anything is fetched. */
export async function startBrandTask({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string; brandUrl: string };
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
  if (!ctx.jobs) throw new UnavailableError('Background jobs are not running. Please try again later.');
  const jobs = ctx.jobs;
  const taskId = await ctx.sql.begin(async (tx) => {
    const id = await insertBrandTask(tx, {
      projectId: input.projectId,
      userId: creditedUserId(ctx),
      brandUrl: url.href,
      message: BRAND_QUEUED,
    });
    await setProjectBrandUrl(tx, input.projectId, url.href);
    return id;
  });
  let jobId: string;
  try {
    jobId = await jobs.send(BRAND_QUEUE, { task_id: taskId });
  } catch (error) {
    await failBrandTask(ctx.sql, taskId, `not queued: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  }
  await setBrandTaskJob(ctx.sql, taskId, jobId, jobs.named(BRAND_QUEUE));
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
  };
}
