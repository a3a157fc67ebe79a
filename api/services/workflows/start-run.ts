import { randomUUID } from 'node:crypto';
import type { RunInput } from '../../blocks/types.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { AppError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { authorize } from '../authorize.ts';
import { assertPostAllowance } from '../usage/allowance.ts';
import { graphIssues } from './graph.ts';
import { ensureDefaultWorkflow, selectWorkflow } from './queries.ts';
import { failRun, WORKFLOW_QUEUE } from './runner.ts';

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
}

/**
 * Queues a run of a workflow of the project (its default one, copied from the "Blog post" template on first use,
 * when no workflowId is given). The run keeps a copy of the graph, so later edits never change it; its node rows
 * exist from the start so a run view shows every node. Used by the run routes, the calendar and cron jobs.
 */
export async function startWorkflowRun({ ctx, input }: { ctx: ServiceContext; input: StartRunInput }): Promise<{ run_id: string; queue_item_id: string }> {
  await authorize(ctx, input.projectId, 'write');
  const topic = input.topic.trim();
  if (!topic) throw new ValidationError([{ loc: ['body', 'topic'], msg: 'Please enter a topic.', type: 'missing' }]);
  if (!ctx.jobs) throw new AppError(503, 'Background jobs are not running. Please try again later.');
  const jobs = ctx.jobs;
  const workflow = input.workflowId ? await selectWorkflow(ctx.sql, input.workflowId) : await ensureDefaultWorkflow(ctx.sql, input.projectId, ctx.user.id);
  if (!workflow || workflow.project_id !== input.projectId) throw new NotFoundError('Workflow not found.');
  const issues = graphIssues(workflow);
  if (issues.length) throw new ValidationError(issues);
  if (input.post_id) {
    const [post] = await ctx.sql`select 1 from blog_posts where id = ${input.post_id} and project_id = ${input.projectId}`;
    if (!post) throw new NotFoundError('Post not found.');
  }

  const runInput: RunInput = {
    topic,
    ...(input.target_keyword?.trim() ? { target_keyword: input.target_keyword.trim() } : {}),
    ...(input.secondary_keywords?.length ? { secondary_keywords: input.secondary_keywords } : {}),
    ...(input.outline?.trim() ? { outline: input.outline } : {}),
    ...(input.calendar_entry_id ? { calendar_entry_id: input.calendar_entry_id } : {}),
    ...(input.publish ? { publish: true } : {}),
    ...(input.post_id ? { post_id: input.post_id } : {}),
  };
  const jobId = randomUUID();
  const runId = await ctx.sql.begin(async (tx) => {
    // Refused before any AI call when the paying account has used its plan's posts (runs in flight count too).
    await assertPostAllowance({ sql: tx, projectId: input.projectId });
    const [run] = await tx<{ id: string }[]>`
      insert into workflow_runs (project_id, workflow_id, graph, input, created_by, job_id, job_queue)
      values (${input.projectId}, ${workflow.id}, ${tx.json({ nodes: workflow.nodes, edges: workflow.edges } as never)}, ${tx.json(runInput as never)},
              ${ctx.user.id}, ${jobId}, ${jobs.named(WORKFLOW_QUEUE)})
      returning id`;
    const ids = workflow.nodes.map((node) => node.id);
    const types = workflow.nodes.map((node) => node.type);
    await tx`
      insert into node_runs (run_id, node_id, block_type)
      select ${run!.id}, node_id, block_type from unnest(${ids}::text[], ${types}::text[]) as n(node_id, block_type)`;
    return run!.id;
  });
  try {
    // One group per project: pg-boss runs at most WORKFLOW_PROJECT_CONCURRENCY of a project's runs at once.
    await jobs.send(WORKFLOW_QUEUE, { run_id: runId }, { id: jobId, group: { id: input.projectId } });
  } catch (error) {
    await failRun(ctx.sql, runId, `not queued: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  }
  return { run_id: runId, queue_item_id: runId };
}
