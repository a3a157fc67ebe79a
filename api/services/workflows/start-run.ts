import { randomUUID } from 'node:crypto';
import type { RunInput } from '../../blocks/types.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { NotFoundError, ValidationError, UnavailableError } from '../../lib/errors.ts';
import { authorize } from '../authorize.ts';
import { takeThrottleSlot } from '../throttle/limits.ts';
import { type ProjectPlan, projectPlanOf } from '../usage/account-plan.ts';
import { withPostAllowance } from '../usage/allowance.ts';
import { graphIssues } from './graph.ts';
import { ensureDefaultWorkflow, selectWorkflow, selectWorkflowForRun, type Workflow } from './queries/workflows.ts';
import { projectPostLanguage } from './queries/blog-posts.ts';
import { selectProjectLanguage } from '../projects/queries.ts';
import { selectEntryLanguage } from '../calendar/queries/entries.ts';
import { failRun, WORKFLOW_QUEUE } from './runner.ts';
import { insertRuns, type NewRun, runWrites } from './run-writes.ts';
import { creditedUserId } from '../actor.ts';

export interface StartRunInput {
  projectId: string;
  workflowId?: string | undefined;
  topic: string;
  target_keyword?: string | undefined;
  secondary_keywords?: string[] | undefined;
  outline?: string | undefined;
  calendar_entry_id?: string | undefined;
  /** save_post publishes the post at once (autopilot). */
  publish?: boolean | undefined;
  /** A post of the project to rewrite: save_post updates it instead of saving a new one. */
  post_id?: string | undefined;
  /**
   * The language to write in (issue 24). The run's is the rewritten post's, else this, else the calendar entry's, else
   * the project's.
   */
  language?: string | undefined;
}

const WORKFLOW_NOT_FOUND = 'Workflow not found.';

/**
 * Queues a run of a workflow of the project (its default one, copied from the "Blog post" template on first use,
 * when no workflowId is given). The run keeps a copy of the graph, so later edits never change it; its node rows
 * exist from the start so a run view shows every node. Used by the run routes, the calendar and cron jobs.
 */
export async function startWorkflowRun({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: StartRunInput;
}): Promise<{ run_id: string; queue_item_id: string }> {
  await authorize(ctx, input.projectId, 'write');
  const topic = startableTopic(ctx, input);
  const workflow = input.workflowId
    ? await selectWorkflow(ctx.sql, input.workflowId)
    : await ensureDefaultWorkflow(ctx.sql, input.projectId, creditedUserId(ctx));
  if (!workflow || workflow.project_id !== input.projectId) throw new NotFoundError(WORKFLOW_NOT_FOUND);
  return queueRun(ctx, input, topic, workflow);
}

/**
 * Queues a run of the workflow `workflowId` (POST /api/workflows/{id}/run): the workflow and its project's plan are
 * read with one query. Templates and workflows of projects the caller is not in are the same 404.
 */
export async function startRunOfWorkflow({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: Omit<StartRunInput, 'projectId'> & { workflowId: string };
}): Promise<{ run_id: string; queue_item_id: string }> {
  const workflow = await selectWorkflowForRun(ctx.sql, input.workflowId);
  if (!workflow?.project_id) throw new NotFoundError(WORKFLOW_NOT_FOUND);
  await authorize(ctx, workflow.project_id, 'read', WORKFLOW_NOT_FOUND);
  await authorize(ctx, workflow.project_id, 'write');
  const start = { ...input, projectId: workflow.project_id };
  const topic = startableTopic(ctx, start);
  return queueRun(ctx, start, topic, workflow, workflow.account ? projectPlanOf(workflow.account) : undefined);
}

/** The trimmed topic, once a run can be queued at all (a topic, and background jobs running). */
function startableTopic(ctx: ServiceContext, input: StartRunInput): string {
  const topic = input.topic.trim();
  if (!topic) throw new ValidationError([{ loc: ['body', 'topic'], msg: 'Please enter a topic.', type: 'missing' }]);
  if (!ctx.jobs) throw new UnavailableError('Background jobs are not running. Please try again later.');
  return topic;
}

async function queueRun(
  ctx: ServiceContext,
  input: StartRunInput,
  topic: string,
  workflow: Workflow,
  account?: ProjectPlan,
): Promise<{ run_id: string; queue_item_id: string }> {
  const jobs = ctx.jobs;
  if (!jobs) throw new UnavailableError('Background jobs are not running. Please try again later.');
  const issues = graphIssues(workflow);
  if (issues.length) throw new ValidationError(issues);
  const postLanguage = input.post_id ? await projectPostLanguage(ctx.sql, input.projectId, input.post_id) : undefined;
  if (input.post_id && !postLanguage) throw new NotFoundError('Post not found.');
  const entryLanguage =
    !input.language && input.calendar_entry_id
      ? await selectEntryLanguage(ctx.sql, input.projectId, input.calendar_entry_id)
      : undefined;
  const language =
    postLanguage ?? input.language ?? entryLanguage ?? (await selectProjectLanguage(ctx.sql, input.projectId));

  const runInput: RunInput = {
    topic,
    ...(input.target_keyword?.trim() ? { target_keyword: input.target_keyword.trim() } : {}),
    ...(input.secondary_keywords?.length ? { secondary_keywords: input.secondary_keywords } : {}),
    ...(input.outline?.trim() ? { outline: input.outline } : {}),
    ...(input.calendar_entry_id ? { calendar_entry_id: input.calendar_entry_id } : {}),
    ...(input.publish ? { publish: true } : {}),
    ...(input.post_id ? { post_id: input.post_id } : {}),
    language,
  };
  const jobId = randomUUID();
  const run: NewRun = {
    id: randomUUID(),
    project_id: input.projectId,
    workflow_id: workflow.id,
    graph: { nodes: workflow.nodes, edges: workflow.edges },
    input: runInput,
    created_by: creditedUserId(ctx),
    job_id: jobId,
    job_queue: jobs.named(WORKFLOW_QUEUE),
  };
  // Callers' hourly limits first (THROTTLE_RUNS_*; not the autopilot's), then the plan's posts: both refuse before any
  // AI call (runs in flight count against the plan too). Outside a transaction (unlimited plans), the runs started in
  // the same moment are inserted with one statement.
  const slot = await takeThrottleSlot(ctx, 'run', input.projectId);
  try {
    await withPostAllowance(
      ctx.sql,
      input.projectId,
      (db) => (db === ctx.sql ? runWrites(ctx.sql).insert(run) : insertRuns(db, [run])),
      account,
    );
  } catch (error) {
    await slot.release();
    throw error;
  }
  const runId = run.id;
  try {
    // One group per project: pg-boss runs at most WORKFLOW_PROJECT_CONCURRENCY of a project's runs at once.
    await jobs.enqueue(WORKFLOW_QUEUE, { run_id: runId }, { id: jobId, group: { id: input.projectId } });
  } catch (error) {
    await failRun(ctx.sql, runId, `not queued: ${error instanceof Error ? error.message : String(error)}`);
    await slot.release();
    throw error;
  }
  return { run_id: runId, queue_item_id: runId };
}
