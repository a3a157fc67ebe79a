import { brandTaskStarted, brandTaskStatus } from '../../../src/lib/prompts/schema.ts';
import { errorBody, throttled } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { getBrandTask, startBrandTask } from '../../services/brand/verbs.ts';
import { brandFetchBody, brandTaskIdParam, notFound, projectIdParam, viewers } from './schema.ts';

/** POST /api/projects/{id}/brand-fetch-and-generate-guide: reads the website and writes a style guide (a task). */
export const startBrandTaskRoute = defineRoute({
  method: 'post',
  path: '/api/projects/{id}/brand-fetch-and-generate-guide',
  tag: 'Projects',
  summary:
    "Reads the website and writes the project's style guide in the background. While the project's analysis is under way, a new start answers that task's id instead of starting another.",
  params: projectIdParam,
  body: brandFetchBody,
  responses: {
    202: { description: 'Started; poll the task.', schema: brandTaskStarted },
    ...viewers,
    ...notFound,
    ...throttled('website analyses'),
  },
  handler: async (c, { params, body }) =>
    c.json(
      await startBrandTask({
        ctx: c.get('ctx'),
        input: { projectId: params.id, brandUrl: body.brand_url, exampleUrls: body.example_urls },
      }),
      202,
    ),
});

/** GET /api/projects/brand-guide/status/{taskId}: where a brand task stands. */
export const brandTaskStatusRoute = defineRoute({
  method: 'get',
  path: '/api/projects/brand-guide/status/{taskId}',
  tag: 'Projects',
  summary: 'Where a brand task stands.',
  params: brandTaskIdParam,
  responses: {
    200: { description: 'The task.', schema: brandTaskStatus },
    404: { description: 'No such task in the caller’s projects.', schema: errorBody },
  },
  handler: async (c, { params }) => c.json(await getBrandTask({ ctx: c.get('ctx'), input: { taskId: params.taskId } })),
});
