import { z } from 'zod';
import { calendarEntry } from '../../../src/lib/calendar/schema.ts';
import { ValidationError } from '../../lib/errors.ts';
import { validationErrorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { daysBetween, monthDays } from '../../services/calendar/dates.ts';
import { listEntries, listFailures } from '../../services/calendar/verbs.ts';
import { listEntriesQuery, noProject, projectIdParam, tag } from './schema.ts';

const entryList = z.object({ items: z.array(calendarEntry) });

/** The days a list asks for: a month, or a range of at most 100 days. */
function range(query: z.output<typeof listEntriesQuery>): { from: string; to: string } {
  if ('month' in query) return monthDays(query.month);
  if (query.to < query.from || daysBetween(query.from, query.to) > 100) {
    throw new ValidationError([
      {
        loc: ['query', 'to'],
        msg: 'The range must end on or after its start and span at most 100 days.',
        type: 'value_error',
      },
    ]);
  }
  return query;
}

/** GET /api/calendar/project/{projectId}?month= (or ?from=&to=): the entries of a month or a range. */
export const listEntriesRoute = defineRoute({
  method: 'get',
  path: '/api/calendar/project/{projectId}',
  tag,
  summary:
    "The project's entries of a month (?month=2026-01) or of a range of at most 100 days (?from=&to=), by day and position.",
  params: projectIdParam,
  query: listEntriesQuery,
  responses: {
    200: { description: 'The entries.', schema: entryList },
    ...noProject,
    422: {
      description: 'Neither a month nor a valid range of days was given; nothing changed.',
      schema: validationErrorBody,
    },
  },
  handler: async (c, { params, query }) =>
    c.json(await listEntries({ ctx: c.get('ctx'), input: { projectId: params.projectId, ...range(query) } })),
});

/** GET /api/calendar/project/{projectId}/failures: the entries whose generation failed. */
export const listFailuresRoute = defineRoute({
  method: 'get',
  path: '/api/calendar/project/{projectId}/failures',
  tag,
  summary: 'The entries whose generation failed, with the reason.',
  params: projectIdParam,
  responses: { 200: { description: 'The failed entries.', schema: entryList }, ...noProject },
  handler: async (c, { params }) =>
    c.json(await listFailures({ ctx: c.get('ctx'), input: { projectId: params.projectId } })),
});
