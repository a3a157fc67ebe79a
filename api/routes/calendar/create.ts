import { calendarEntry } from '../../../src/lib/calendar/schema.ts';
import { defineRoute } from '../../lib/route.ts';
import { createEntry } from '../../services/calendar/verbs.ts';
import { createEntryBody, noProject, projectIdParam, refused, tag, viewers } from './schema.ts';

/** POST /api/calendar/project/{projectId}: adds an entry on a day (owners, editors). */
export const createEntryRoute = defineRoute({
  method: 'post',
  path: '/api/calendar/project/{projectId}',
  tag,
  summary:
    "Adds an entry on a day, after that day's other entries (owners, editors); unset fields take their defaults.",
  params: projectIdParam,
  body: createEntryBody,
  responses: {
    201: { description: 'The new entry (planned).', schema: calendarEntry },
    ...viewers,
    ...noProject,
    ...refused,
  },
  handler: async (c, { params, body }) =>
    c.json(await createEntry({ ctx: c.get('ctx'), input: { projectId: params.projectId, fields: body } }), 201),
});
