import { z } from 'zod';
import type { ServiceContext } from '../lib/context.ts';
import { NotFoundError } from '../lib/errors.ts';
import type { ApiRoute } from '../lib/route.ts';
import { blogAnalyticsRoute, postAnalyticsRoute } from '../routes/analytics/index.ts';
import { planStatusRoute, startPlanRoute } from '../routes/blogs/plan.ts';
import { getPostRoute } from '../routes/blogs/posts/get.ts';
import { listPostsRoute } from '../routes/blogs/posts/list.ts';
import { publishPostRoute, unpublishPostRoute } from '../routes/blogs/posts/status.ts';
import { updatePostRoute } from '../routes/blogs/posts/update.ts';
import { createEntryRoute } from '../routes/calendar/create.ts';
import { generateEntryRoute } from '../routes/calendar/generate.ts';
import { listProjectsRoute } from '../routes/projects/list.ts';
import { defaultPromptRoute } from '../routes/prompts/read.ts';
import { getRunRoute, runDefaultWorkflowRoute } from '../routes/workflows/runs.ts';
import {
  searchConsoleInsightsRoute,
  searchConsolePostRoute,
  searchConsolePostsRoute,
} from '../routes/search-console/reports.ts';
import { getBlogAnalytics, getPostAnalytics } from '../services/analytics/verbs.ts';
import { createEntry, generateEntry } from '../services/calendar/verbs.ts';
import { getPlanTask, startPlanTask } from '../services/plan/verbs.ts';
import { getPost, listPosts, publishPost, unpublishPost, updatePost } from '../services/posts/verbs.ts';
import { getProject, listProjects } from '../services/projects/verbs.ts';
import { getDefaultPrompt } from '../services/prompts/verbs.ts';
import { postSearchReport, postSearchSummaries, searchInsights } from '../services/search-console/reports.ts';
import { getRun } from '../services/workflows/runs.ts';
import { startWorkflowRun } from '../services/workflows/start-run.ts';

/**
 * One tool of the MCP server: the REST route it stands for (its path parameters, query and body, with the route's own
 * zod schemas, are the tool's input) and the service verb it calls, the one the route's handler calls.
 */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  route: ApiRoute;
  /** Reads only (MCP's readOnlyHint): a client may call it without asking its user. */
  readOnly: boolean;
  run: (ctx: ServiceContext, input: any) => Promise<unknown>;
}

const tool = (declaration: McpTool) => declaration;

/** The tools, in the order a client lists them: find a project, plan, write, publish, read how it does. */
export const MCP_TOOLS: readonly McpTool[] = [
  tool({
    name: 'list_projects',
    title: 'List projects',
    description: 'The projects you are a member of, with your role in each (owner, editor or viewer).',
    route: listProjectsRoute,
    readOnly: true,
    run: (ctx) => listProjects({ ctx }),
  }),
  tool({
    name: 'get_brand_guide',
    title: 'Read the brand guide',
    description:
      "A project's brand guide (what Inkpilot learned from its website) and its default style guide (keywords, base knowledge, writing style, image style), whose id start_plan takes. style_guide is null until one exists.",
    route: defaultPromptRoute,
    readOnly: true,
    run: async (ctx, input: { projectId: string }) => {
      const project = await getProject({ ctx, input: { id: input.projectId } });
      const style_guide = await getDefaultPrompt({ ctx, input }).catch((error: unknown) => {
        if (error instanceof NotFoundError) return null;
        throw error;
      });
      const { id, name, brand_url, brand_info_status, brand_content } = project;
      return { project: { id, name, brand_url, brand_info_status, brand_content }, style_guide };
    },
  }),
  tool({
    name: 'start_plan',
    title: 'Plan 30 days',
    description:
      "Starts planning the next 30 days of posts from the project's style guide (owners, editors). Answers a task_id: follow it with get_plan_status. The entries land on the project's calendar.",
    route: startPlanRoute,
    readOnly: false,
    run: (ctx, input: { projectId: string; promptId: string }) => startPlanTask({ ctx, input }),
  }),
  tool({
    name: 'get_plan_status',
    title: 'Plan status',
    description: 'Where a plan started with start_plan is: pending, in_progress, complete or error, with its message.',
    route: planStatusRoute,
    readOnly: true,
    run: (ctx, input: { taskId: string }) => getPlanTask({ ctx, input }),
  }),
  tool({
    name: 'add_calendar_entry',
    title: 'Add a calendar entry',
    description:
      'Adds a planned post on a day of the calendar (owners, editors): title and date (YYYY-MM-DD) needed, keywords, search intent, outline and content type optional.',
    route: createEntryRoute,
    readOnly: false,
    run: (
      ctx,
      { projectId, ...fields }: { projectId: string } & Parameters<typeof createEntry>[0]['input']['fields'],
    ) => createEntry({ ctx, input: { projectId, fields } }),
  }),
  tool({
    name: 'generate_calendar_entry',
    title: 'Write a calendar entry',
    description:
      "Starts a run of the project's default workflow for a calendar entry, with its title, keywords and outline (owners, editors). Answers the run_id: follow it with get_run_status.",
    route: generateEntryRoute,
    readOnly: false,
    run: (ctx, input: { id: string }) => generateEntry({ ctx, input }),
  }),
  tool({
    name: 'start_run',
    title: 'Write a post',
    description:
      "Starts a run of the project's default workflow for a topic (owners, editors): research, outline, writing, checks, and a saved post. Answers the run_id: follow it with get_run_status; the finished run names its post.",
    route: runDefaultWorkflowRoute,
    readOnly: false,
    run: (ctx, { projectId, ...body }: { projectId: string; topic: string }) =>
      startWorkflowRun({ ctx, input: { projectId, ...body } }),
  }),
  tool({
    name: 'get_run_status',
    title: 'Run status',
    description:
      "A run's status (pending, in_progress, success, error) and each step's; a finished run's save step holds saved_blog_post with the post's id.",
    route: getRunRoute,
    readOnly: true,
    run: (ctx, input: { runId: string }) => getRun({ ctx, input }),
  }),
  tool({
    name: 'list_posts',
    title: 'List posts',
    description: "A page of the project's posts (without their bodies), filtered by status and search, sorted.",
    route: listPostsRoute,
    readOnly: true,
    run: (ctx, { page_size: pageSize, ...input }: Parameters<typeof listPosts>[0]['input'] & { page_size: number }) =>
      listPosts({ ctx, input: { ...input, pageSize } }),
  }),
  tool({
    name: 'get_post',
    title: 'Read a post',
    description: 'One post with its markdown, rendered HTML, SEO fields, status and version (update_post needs it).',
    route: getPostRoute,
    readOnly: true,
    run: (ctx, input: { id: string }) => getPost({ ctx, input }),
  }),
  tool({
    name: 'update_post',
    title: 'Edit a post',
    description:
      'Saves edited fields of a post (owners, editors) over the version your edit started from (from get_post); a stale version is refused and nothing changes. The HTML is rendered again from the markdown.',
    route: updatePostRoute,
    readOnly: false,
    run: (
      ctx,
      { id, version, ...fields }: { id: string; version: number } & Parameters<typeof updatePost>[0]['input']['fields'],
    ) => updatePost({ ctx, input: { id, version, fields } }),
  }),
  tool({
    name: 'publish_post',
    title: 'Publish a post',
    description:
      "Puts a post on the project's hosted blog (owners, editors); publishing a published post changes nothing.",
    route: publishPostRoute,
    readOnly: false,
    run: (ctx, input: { id: string; version?: number }) =>
      publishPost({ ctx, input: { id: input.id, version: input.version } }),
  }),
  tool({
    name: 'unpublish_post',
    title: 'Unpublish a post',
    description: 'Takes a post off the blog, back to a draft (owners, editors).',
    route: unpublishPostRoute,
    readOnly: false,
    run: (ctx, input: { id: string; version?: number }) =>
      unpublishPost({ ctx, input: { id: input.id, version: input.version } }),
  }),
  tool({
    name: 'get_blog_analytics',
    title: 'Blog analytics',
    description:
      "The project's hosted blog as readers used it over 7, 30 or 90 days: page views and readers per day, the most read posts, referrers and countries (counted on the server, without cookies; bots left out).",
    route: blogAnalyticsRoute,
    readOnly: true,
    run: (ctx, input: { projectId: string; days: 7 | 30 | 90 }) => getBlogAnalytics({ ctx, input }),
  }),
  tool({
    name: 'get_post_analytics',
    title: 'Post analytics',
    description: "One post's page views and readers per day over 7, 30 or 90 days, its referrers and countries.",
    route: postAnalyticsRoute,
    readOnly: true,
    run: (ctx, input: { id: string; days: 7 | 30 | 90 }) => getPostAnalytics({ ctx, input }),
  }),
  tool({
    name: 'get_search_console_posts',
    title: 'Search Console by post',
    description:
      "Each post's Google index status (with the last crawl) and its clicks, impressions, CTR and average position over the last 28 days of data, once the project's owner has connected Search Console.",
    route: searchConsolePostsRoute,
    readOnly: true,
    run: (ctx, input: { id: string }) => postSearchSummaries({ ctx, input: { projectId: input.id } }),
  }),
  tool({
    name: 'get_search_console_post',
    title: 'Search Console report of a post',
    description:
      "One post's Search Console report: index status, clicks and impressions by day, top queries, the project's other posts competing for its queries, and a refresh suggestion when its clicks fell four weeks in a row.",
    route: searchConsolePostRoute,
    readOnly: true,
    run: (ctx, input: { id: string; postId: string }) =>
      postSearchReport({ ctx, input: { projectId: input.id, postId: input.postId } }),
  }),
  tool({
    name: 'get_search_insights',
    title: 'Search Console insights',
    description:
      "The project's learning loop from Search Console: posts to refresh, queries two of its posts compete for, and rising queries no post is about yet.",
    route: searchConsoleInsightsRoute,
    readOnly: true,
    run: (ctx, input: { id: string }) => searchInsights({ ctx, input: { projectId: input.id } }),
  }),
];

/**
 * A tool's input: the fields of its route's path parameters, query and body together, each with the route's own
 * schema, so a tool checks exactly what the route checks. Refused at start-up: a route part that is not a plain
 * object (a union, or checks on the whole object, which merging fields would drop) and a field named twice.
 */
export function toolInput(route: ApiRoute): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const part of [route.params, route.query, route.body]) {
    if (part === undefined) continue;
    if (!(part instanceof z.ZodObject) || (part._zod.def.checks?.length ?? 0) > 0)
      throw new Error(`${route.method} ${route.path}: an MCP tool needs a route whose inputs are plain objects`);
    for (const [name, field] of Object.entries(part.shape as Record<string, z.ZodType>)) {
      if (name in shape) throw new Error(`${route.method} ${route.path}: the field ${name} is in two parts`);
      shape[name] = field;
    }
  }
  return z.object(shape).strict();
}
