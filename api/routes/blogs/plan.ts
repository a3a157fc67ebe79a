import { planTaskStatus } from '../../../src/lib/calendar/schema.ts';
import { errorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { getPlanTask, startPlanTask } from '../../services/plan/verbs.ts';
import { planStartParams, planStartResponse, planTag, planTaskParams } from './schema.ts';

/** POST /api/blogs/posts/plan/{projectId}/{promptId}: queues the 30-day plan (spec §3 Plan task, §7). */
export const startPlanRoute = defineRoute({
  method: 'post',
  path: '/api/blogs/posts/plan/{projectId}/{promptId}',
  tag: planTag,
  summary:
    "Queues planning the next 30 days (from tomorrow in the project's time zone) from the project's style guide (owners, editors). No body. A plan already under way for the project is answered with its own task id.",
  params: planStartParams,
  responses: {
    202: {
      description: 'Queued (or already under way); poll GET /api/blogs/posts/plan/status/{taskId}.',
      schema: planStartResponse,
    },
    403: { description: 'Viewers cannot change this project.', schema: errorBody },
    404: {
      description:
        'No such project of the caller ("Project not found."), or no such style guide in it ("No style guide found for this project.").',
      schema: errorBody,
    },
    503: { description: 'Background jobs are not running; try again later.', schema: errorBody },
  },
  handler: async (c, { params }) => c.json(await startPlanTask({ ctx: c.get('ctx'), input: params }), 202),
});

/** GET /api/blogs/posts/plan/status/{taskId}: where a plan task is, with the message to show. */
export const planStatusRoute = defineRoute({
  method: 'get',
  path: '/api/blogs/posts/plan/status/{taskId}',
  tag: planTag,
  summary: 'Where a plan task is, with the message to show (members of its project).',
  params: planTaskParams,
  responses: {
    200: { description: 'The task: pending, in_progress, complete or error.', schema: planTaskStatus },
    404: { description: 'No such task in a project of the caller ("Task not found.").', schema: errorBody },
  },
  handler: async (c, { params }) => c.json(await getPlanTask({ ctx: c.get('ctx'), input: { taskId: params.taskId } })),
});
