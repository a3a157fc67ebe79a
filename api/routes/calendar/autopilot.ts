import { autopilotSettings } from '../../../src/lib/calendar/schema.ts';
import { defineRoute } from '../../lib/route.ts';
import { getAutopilot, setAutopilot } from '../../services/calendar/verbs.ts';
import { autopilotBody, noProject, projectIdParam, refused, tag, viewers } from './schema.ts';

/** GET /api/calendar/project/{projectId}/autopilot: the project's autopilot settings. */
export const getAutopilotRoute = defineRoute({
  method: 'get',
  path: '/api/calendar/project/{projectId}/autopilot',
  tag,
  summary: "The project's autopilot settings (off, 09:00 UTC, keep as draft until set).",
  params: projectIdParam,
  responses: { 200: { description: 'The settings.', schema: autopilotSettings }, ...noProject },
  handler: async (c, { params }) =>
    c.json(await getAutopilot({ ctx: c.get('ctx'), input: { projectId: params.projectId } })),
});

/** PUT /api/calendar/project/{projectId}/autopilot: turns the autopilot on or off (owners, editors). */
export const setAutopilotRoute = defineRoute({
  method: 'put',
  path: '/api/calendar/project/{projectId}/autopilot',
  tag,
  summary:
    "Sets the autopilot (owners, editors); turning it on starts with today's slot, earlier days are never replayed.",
  params: projectIdParam,
  body: autopilotBody,
  responses: {
    200: { description: 'The settings.', schema: autopilotSettings },
    ...viewers,
    ...noProject,
    ...refused,
  },
  handler: async (c, { params, body }) =>
    c.json(await setAutopilot({ ctx: c.get('ctx'), input: { projectId: params.projectId, ...body } })),
});
